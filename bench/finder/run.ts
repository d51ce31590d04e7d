import os from 'node:os';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import {
  candidatesFor,
  createFinder,
  createMemoryPatternStore,
  deliveredAfterHours,
  type Finder,
  type FindResult,
  finderConfig,
  noPattern,
  observationSources,
  ownerKey,
  type PatternObservation,
  type PatternStore,
} from '@mailhound/finder';
import {
  generateLab,
  type MailLab,
  type ManifestPerson,
  seededRandom,
  startMailLab,
} from '@mailhound/mail-lab';
import validate from 'deep-email-validator';
import { routePeerToLab } from './peer-shim.ts';

// npm run bench:finder [-- --soak] [-- --domains 500 --people 5000 --latency 20 --peer-sample 600]
const { values: args } = parseArgs({
  options: {
    soak: { type: 'boolean', default: false },
    domains: { type: 'string', default: '500' },
    people: { type: 'string', default: '5000' },
    latency: { type: 'string', default: '20' },
    'peer-sample': { type: 'string', default: '600' },
    'soak-lookups': { type: 'string', default: '100000' },
    seed: { type: 'string', default: '42' },
    // The catch-all known-pattern threshold (finder default when absent), for the recall
    // trade-off: the posterior that a person follows the domain's pattern.
    'min-probability': { type: 'string' },
    // The same at domains that refuse unknown recipients.
    'refused-min-confirmations': { type: 'string' },
    'refused-min-share': { type: 'string' },
    // Of each live domain's colleagues: the share found by the finder before the measured
    // people (source 1) and the share the users already know (source 4).
    'found-share': { type: 'string', default: '0.4' },
    'known-share': { type: 'string', default: '0.2' },
    // Campaigns at catch-all domains (sources 2 and 3): the share of each domain's people
    // (colleagues and looked-up people alike) sent to, and the share of rightly addressed
    // people who reply.
    'campaign-share': { type: 'string', default: '0.5' },
    'reply-share': { type: 'string', default: '0.3' },
  },
});

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const latencyMs = Number(args.latency);
const greylistMs = 1000;
const config = {
  concurrency: 64,
  perHostConcurrency: 4,
  perHostIntervalMs: 0,
  connectTimeoutMs: 1000,
  commandTimeoutMs: 2000,
  greylistRetryDelaysMs: [1200, 2400],
  busyBackoffMs: 500,
  allowPrivateMx: true,
  ...(args['min-probability']
    ? { knownPatternMinProbability: Number(args['min-probability']) }
    : {}),
  ...(args['refused-min-confirmations']
    ? { refusedKnownPatternMinConfirmations: Number(args['refused-min-confirmations']) }
    : {}),
  ...(args['refused-min-share']
    ? { refusedKnownPatternMinShare: Number(args['refused-min-share']) }
    : {}),
};

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
const pct = (n: number, d: number) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(2)}%`);
const fmt = (n: number, digits = 2) => n.toFixed(digits);

function peakMemory() {
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const timer = setInterval(sample, 50);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return { peakRss, peakHeap };
    },
  };
}

async function startLab(): Promise<MailLab> {
  const spec = generateLab({
    seed: Number(args.seed),
    domains: Number(args.domains),
    people: Number(args.people),
    latencyMs,
    greylistMs,
    colleaguesEverywhere: true,
  });
  // deep-email-validator only speaks to port 25: the lab takes it when it can (root).
  try {
    return await startMailLab({ ...spec, smtpPort: 25 });
  } catch {
    return startMailLab(spec);
  }
}

// The pattern an address follows for its owner's name, as the product works it out (never
// the lab's pattern label).
const patternOf = (firstName: string, lastName: string, domain: string, email: string) =>
  candidatesFor(firstName, lastName, domain, null).find((c) => c.email === email)?.pattern ??
  noPattern;

// The PatternStore as the product would fill it before the measured people are looked up:
// colleagues found by the finder (source 1, and 99 finds), colleagues the users already know
// (source 4, the pattern of their address), and campaigns to part of each catch-all domain
// (source 2, replies from the right addresses; source 3, bounces from addresses that do not
// exist). The lab's pattern label is never read.
async function learntStore(lab: MailLab): Promise<PatternStore> {
  const store = createMemoryPatternStore();
  // A finder of its own, so the measured finder starts with cold caches.
  const finder = createFinder(
    { ...config, resolvers: [lab.dnsServer], smtpPort: lab.smtpPort },
    { patternStore: store },
  );
  await learnBefore(lab, finder, store);
  await finder.close();
  return store;
}

async function learnBefore(lab: MailLab, finder: Finder, store: PatternStore) {
  // Who is found, known or campaigned: the same run after run.
  const random = seededRandom(Number(args.seed) ^ 0x1ea4).next;
  const foundShare = Number(args['found-share']);
  const knownShare = Number(args['known-share']);
  const campaignShare = Number(args['campaign-share']);
  const replyShare = Number(args['reply-share']);
  const addresses = new Set(lab.manifest.addresses);
  const toFind: Array<{ firstName: string; lastName: string; domain: string }> = [];
  const campaigns: Array<Array<{ firstName: string; lastName: string; email: string | null }>> = [];
  let known = 0;
  for (const domain of lab.spec.domains) {
    const campaign: Array<{ firstName: string; lastName: string; email: string | null }> = [];
    for (const person of domain.staff ?? []) {
      const draw = random();
      if (draw < knownShare && person.email) {
        known++;
        await store.record(domain.name, {
          pattern: patternOf(person.firstName, person.lastName, domain.name, person.email),
          email: person.email,
          source: 'known',
          owner: ownerKey(person.firstName, person.lastName),
        });
      } else if (domain.catchAll) {
        if (random() < campaignShare) campaign.push(person);
      } else if (draw < knownShare + foundShare) {
        toFind.push({ ...person, domain: domain.name });
      }
    }
    if (domain.catchAll)
      for (const person of domain.people ?? []) if (random() < campaignShare) campaign.push(person);
    if (campaign.length > 0) campaigns.push(campaign.map((p) => ({ ...p, domain: domain.name })));
  }
  const found = await finder.findBatch(toFind);
  const before = { verified: 0, smtp: 0 };
  for (const r of found) {
    if (r.exactEmailScore === 99) before.verified++;
    else if (r.exactEmailScore === 60) before.smtp++;
  }
  // Each campaign goes to the finder's best guess, one person after another, so that what a
  // reply or a bounce teaches orders the next guess.
  let sent = 0;
  let replies = 0;
  let bounces = 0;
  // Sends that did not bounce: once the campaigns are over and DELIVERED_AFTER_HOURS has
  // passed, each is a `delivered` observation with the contact's name, as the server records
  // it. The product cannot tell a rightly addressed send from one that reached someone else's
  // existing mailbox (a namesake's first@): neither bounces, so both are recorded.
  const unbounced: Array<{
    domain: string;
    truth: string | null;
    observation: PatternObservation;
  }> = [];
  await Promise.all(
    campaigns.map(async (people) => {
      for (const person of people as Array<(typeof people)[number] & { domain: string }>) {
        const guess = await finder.find(person);
        if (!guess.exactEmail || !guess.evidence.pattern) continue;
        sent++;
        const owner = ownerKey(person.firstName, person.lastName);
        if (!addresses.has(guess.exactEmail)) {
          bounces++;
          proofs.delete(guess.exactEmail);
          await store.record(person.domain, {
            pattern: guess.evidence.pattern,
            email: guess.exactEmail,
            source: 'bounce',
          });
          continue;
        }
        unbounced.push({
          domain: person.domain,
          truth: person.email,
          observation: {
            pattern: guess.evidence.pattern,
            email: guess.exactEmail,
            source: 'delivered',
            owner,
          },
        });
        if (guess.exactEmail === person.email && random() < replyShare) {
          replies++;
          proofs.set(guess.exactEmail, 'reply');
          await store.record(person.domain, {
            pattern: guess.evidence.pattern,
            email: guess.exactEmail,
            source: 'reply',
            owner,
          });
        }
      }
    }),
  );
  let misaddressed = 0;
  for (const { domain, truth, observation } of unbounced) {
    if (observation.email !== truth) misaddressed++;
    if (!proofs.has(observation.email)) proofs.set(observation.email, 'delivered');
    await store.record(domain, observation);
  }
  console.log(
    `\nLearnt before the measured people: ${toFind.length} colleagues at domains that refuse unknown recipients looked up (${fmt(100 * foundShare, 0)}% of them: ${before.verified} found at 99, ${before.smtp} at 60), ${known} colleagues the users know (${fmt(100 * knownShare, 0)}% of every domain's), campaigns to ${fmt(100 * campaignShare, 0)}% of each catch-all domain's people: ${sent} sent, ${replies} replies (${fmt(100 * replyShare, 0)}% of the rightly addressed), ${bounces} bounces, then, ${deliveredAfterHours} h after the last send (simulated time), ${unbounced.length} delivered (not bounced; ${misaddressed} of them reached another person's mailbox)`,
  );
}

// The addresses a campaign's reply or unbounced delivery proved (the bench's own record, for
// the per-source lines): a catch-all 95 at one of them rests on it.
const proofs = new Map<string, 'reply' | 'delivered'>();

interface Accuracy {
  charged: number;
  chargedRight: number;
  findable: number;
  foundAt95: number;
  confusion: Map<string, number>;
  greylistedInvalid: number;
  // The 95s given at catch-all domains on the strength of a known pattern.
  catchAllCharged: number;
  catchAllRight: number;
}

function grade(people: ManifestPerson[], results: Array<FindResult | null>): Accuracy {
  const acc: Accuracy = {
    charged: 0,
    chargedRight: 0,
    findable: 0,
    foundAt95: 0,
    confusion: new Map(),
    greylistedInvalid: 0,
    catchAllCharged: 0,
    catchAllRight: 0,
  };
  people.forEach((person, i) => {
    const r = results[i];
    if (!r) return;
    const right = r.exactEmail !== null && r.exactEmail === person.email;
    const answer = r.exactEmail === null ? 'no address' : right ? 'true address' : 'wrong address';
    const key = `${String(r.exactEmailScore).padStart(2)} | ${answer.padEnd(13)} | ${person.findable ? 'findable' : 'not findable'}`;
    acc.confusion.set(key, (acc.confusion.get(key) ?? 0) + 1);
    if (r.exactEmailScore >= 95) {
      acc.charged++;
      if (right) acc.chargedRight++;
      if (r.evidence.catchAll === true) {
        acc.catchAllCharged++;
        if (right) acc.catchAllRight++;
      }
    }
    if (person.findable) {
      acc.findable++;
      if (right && r.exactEmailScore >= 95) acc.foundAt95++;
    }
    if (person.domainKind === 'greylist' && person.email) {
      const own = r.evidence.candidates.find((c) => c.email === person.email);
      if (own?.status === 'rejected') acc.greylistedInvalid++;
    }
  });
  return acc;
}

function printAccuracy(label: string, acc: Accuracy) {
  console.log(`\n${label}`);
  console.log(
    `  precision at score >= 95: ${pct(acc.chargedRight, acc.charged)} (${acc.chargedRight}/${acc.charged} charged answers are the true address)`,
  );
  console.log(
    `  recall at score >= 95:    ${pct(acc.foundAt95, acc.findable)} (${acc.foundAt95}/${acc.findable} findable people)`,
  );
  console.log(
    `    of which "catch-all with known pattern": ${pct(acc.catchAllRight, acc.catchAllCharged)} (${acc.catchAllRight}/${acc.catchAllCharged})`,
  );
  console.log(`  greylisted addresses reported invalid: ${acc.greylistedInvalid}`);
  console.log('  confusion (score | answer | truth): count');
  for (const [key, n] of [...acc.confusion].sort()) console.log(`    ${key}: ${n}`);
}

// What an answer at >= 95 rests on: the SMTP exact match alone, the person's own reply (a 95 at
// a catch-all domain whose pattern is not known), or the domain's known pattern (each source
// that confirmed it).
function basesOf(r: FindResult): string[] {
  const e = r.evidence;
  const proof = r.exactEmail ? proofs.get(r.exactEmail) : undefined;
  if (e.catchAll && proof)
    return [proof === 'reply' ? "the person's own reply" : "the person's own delivered mail"];
  if (e.catchAll && !e.knownPattern) return ["the person's own reply"];
  const usedKnown =
    e.knownPattern &&
    e.pattern === e.learntPattern &&
    (e.catchAll ||
      (r.exactEmailScore === 99 &&
        e.candidates.find((c) => c.email === r.exactEmail)?.kind === 'possible'));
  if (!usedKnown) return ['SMTP exact match alone'];
  const sources = e.patternKnowledge?.sources ?? {};
  return observationSources.filter((s) => (sources[s] ?? 0) > 0).map((s) => `known pattern, ${s}`);
}

function printBreakdown(people: ManifestPerson[], results: FindResult[]) {
  const table = (
    title: string,
    keysOf: (p: ManifestPerson, r: FindResult) => string[],
    recallOutOf?: number,
  ) => {
    const rows = new Map<
      string,
      { findable: number; found: number; charged: number; right: number }
    >();
    people.forEach((person, i) => {
      const r = results[i]!;
      const right = r.exactEmail !== null && r.exactEmail === person.email;
      for (const key of keysOf(person, r)) {
        const row = rows.get(key) ?? { findable: 0, found: 0, charged: 0, right: 0 };
        if (person.findable) row.findable++;
        if (r.exactEmailScore >= 95) {
          row.charged++;
          if (right) row.right++;
          if (right && person.findable) row.found++;
        }
        rows.set(key, row);
      }
    });
    console.log(`  ${title}`);
    // Kinds with nobody findable and nothing charged (dead domains) say nothing here.
    for (const [key, row] of [...rows].sort().filter(([, r]) => r.findable + r.charged > 0))
      console.log(
        `    ${key.padEnd(34)} precision ${pct(row.right, row.charged).padStart(7)} (${row.right}/${row.charged})   recall ${pct(row.found, recallOutOf ?? row.findable).padStart(7)} (${row.found}/${recallOutOf ?? row.findable})`,
      );
  };
  const allFindable = people.filter((p) => p.findable).length;
  table(
    `per source (answers at >= 95 by what they rest on; recall out of all ${allFindable} findable people)`,
    (_p, r) => (r.exactEmailScore >= 95 ? basesOf(r) : []),
    allFindable,
  );
  table('per domain kind (recall out of the findable people at that kind)', (p) => [
    p.domainKind,
    ...(p.domainKind.includes('catch-all') || p.domainKind === 'microsoft-accept-all'
      ? ['(all catch-all kinds)']
      : ['(all other kinds)']),
  ]);
}

// Why each findable person at a catch-all domain was not found at >= 95, from the answer's
// evidence alone: nothing observed at the domain, the evidence leading to another pattern than
// the person's, the person's pattern a first@-kind one (never 95 at a catch-all), or the right
// pattern with evidence below the threshold (the counts behind it listed).
function printCatchAllMisses(lab: MailLab, people: ManifestPerson[], results: FindResult[]) {
  const reasons = new Map<string, number>();
  const below = new Map<string, number>();
  let findable = 0;
  people.forEach((person, i) => {
    const r = results[i]!;
    if (!person.findable || r.evidence.catchAll !== true) return;
    findable++;
    if (r.exactEmailScore >= 95 && r.exactEmail === person.email) return;
    const e = r.evidence;
    const knowledge = e.patternKnowledge;
    const theirs = e.candidates.find((c) => c.email === person.email);
    const learnt = e.candidates.find((c) => c.pattern === e.learntPattern);
    let reason: string;
    if (!knowledge) reason = 'no evidence: no address observed at the domain';
    else if (!learnt || learnt.email !== person.email)
      reason = 'conflicting: the evidence leads to another pattern';
    else if (theirs?.kind === 'possible') reason = 'right pattern, first@-kind: never 95 there';
    else if (r.exactEmailScore >= 95) reason = 'answered another address at 95';
    else {
      reason = 'right pattern, evidence below the threshold';
      const key = `${knowledge.confirmations} for, ${knowledge.contradictions} against`;
      below.set(key, (below.get(key) ?? 0) + 1);
    }
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  });
  const missed = [...reasons.values()].reduce((a, n) => a + n, 0);
  console.log(
    `  catch-all misses: ${missed} of ${findable} findable people at catch-all domains not found at >= 95`,
  );
  // The most recall any threshold could give: every catch-all person with evidence and an
  // exact-kind pattern found, the other kinds as they are.
  const allFindable = people.filter((p) => p.findable).length;
  const foundAll = people.filter(
    (p, i) => p.findable && results[i]!.exactEmailScore >= 95 && results[i]!.exactEmail === p.email,
  ).length;
  const unreachable =
    (reasons.get('no evidence: no address observed at the domain') ?? 0) +
    (reasons.get('right pattern, first@-kind: never 95 there') ?? 0);
  console.log(
    `  recall at >= 95 if every other catch-all miss were found: ${pct(foundAll + missed - unreachable, allFindable)} (now ${pct(foundAll, allFindable)})`,
  );
  for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1]))
    console.log(`    ${reason.padEnd(52)} ${String(n).padStart(4)} (${pct(n, findable)} of them)`);
  // The lab's truth, for the reader only: how many people at a catch-all domain with a pattern
  // do not have its address. A 95 by the pattern is wrong for each of them, and nothing but
  // their own bounce or reply tells them apart from their colleagues.
  const patterned = new Set(
    lab.manifest.domains.filter((d) => d.catchAll && d.knownPattern).map((d) => d.name),
  );
  const there = people.filter((p) => patterned.has(p.domain));
  const noMailbox = there.filter((p) => p.email === null).length;
  const exception = there.filter((p) => p.email !== null && !p.findable).length;
  console.log(
    `  people at catch-all domains with a pattern who do not have its address: ${pct(noMailbox + exception, there.length)} (${noMailbox} without a mailbox, ${exception} with an exception address, of ${there.length})`,
  );
  if (below.size > 0)
    console.log(
      `    below the threshold, by the pattern's weighted observations (people): ${[...below]
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => `${k}: ${n}`)
        .join('; ')}`,
    );
}

// The least time the lab allows: every SMTP session needs the server's greeting wait
// (smtp-server holds the banner 100 ms), the banner delay, and three round trips (banner,
// EHLO, MAIL+RCPT pipelined); greylisted domains need a second session after the window;
// silent hosts need the configured command timeout; sessions are shared by at most
// `concurrency` at once and `perHostConcurrency` per host.
function lowerBoundMs(
  lab: MailLab,
  rowsPerSession: number,
): { ms: number; roundTrips: number; sessionsMs: number; hostMs: number; criticalMs: number } {
  const hostByName = new Map(lab.spec.hosts.map((h) => [h.name, h]));
  const perHost = new Map<string, number>();
  let total = 0;
  let critical = 0;
  let roundTrips = 0;
  for (const domain of lab.spec.domains) {
    if (domain.nxdomain || domain.nullMx) continue;
    const mxName = domain.mx
      ?.slice()
      .sort((a, b) => a.priority - b.priority)
      .find((m) => hostByName.get(m.host)?.mode !== 'refused')?.host;
    const host = mxName
      ? hostByName.get(mxName)
      : lab.spec.hosts.find((h) => domain.a?.includes(h.address ?? ''));
    if (!host || host.mode === 'refused') continue;
    if (host.mode === 'silent') {
      // A silent host holds its session until the banner timeout.
      critical = Math.max(critical, config.commandTimeoutMs);
      total += config.commandTimeoutMs;
      continue;
    }
    const rtt = latencyMs + (host.latencyMs ?? 0);
    const session = 100 + (host.bannerDelayMs ?? 0) + 3 * rtt + 2 * (host.commandDelayMs ?? 0);
    const groups = Math.max(1, Math.ceil((domain.people?.length ?? 0) / rowsPerSession));
    const sessions = groups * (domain.greylistMs ? 2 : 1);
    roundTrips += sessions * 3;
    total += sessions * session;
    perHost.set(host.name, (perHost.get(host.name) ?? 0) + sessions * session);
    if (domain.greylistMs) critical = Math.max(critical, 2 * session + domain.greylistMs);
  }
  const hostBound = Math.max(0, ...[...perHost.values()].map((t) => t / config.perHostConcurrency));
  return {
    ms: Math.max(total / config.concurrency, hostBound, critical),
    roundTrips,
    sessionsMs: total / config.concurrency,
    hostMs: hostBound,
    criticalMs: critical,
  };
}

async function runOurs(lab: MailLab) {
  const people = lab.manifest.people;
  const inputs = people.map((p) => ({
    firstName: p.firstName,
    lastName: p.lastName,
    domain: p.domain,
  }));
  const finder = createFinder(
    { ...config, resolvers: [lab.dnsServer], smtpPort: lab.smtpPort },
    { patternStore: await learntStore(lab) },
  );

  lab.resetStats();
  const memory = peakMemory();
  const load = os.loadavg()[0]!;
  const cpuBefore = process.cpuUsage();
  let started = performance.now();
  const cold = await finder.findBatch(inputs);
  const coldMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const coldStats = lab.stats();
  const { peakRss, peakHeap } = memory.stop();

  lab.resetStats();
  started = performance.now();
  const warm = await finder.findBatch(inputs);
  const warmMs = performance.now() - started;
  const warmStats = lab.stats();

  // Single lookups (no batch sharing) at warm domains: the product's single search.
  const sample = people.filter((_, i) => i % 10 === 0);
  lab.resetStats();
  started = performance.now();
  await Promise.all(
    sample.map((p) =>
      finder.find({ firstName: p.firstName, lastName: p.lastName, domain: p.domain }),
    ),
  );
  const singleMs = performance.now() - started;
  const singleStats = lab.stats();
  await finder.close();

  const n = people.length;
  const effective = finderConfig(config);
  console.log(
    `\nMailhound finder (findBatch, concurrency ${config.concurrency}, ${config.perHostConcurrency} per host; known pattern: posterior that a person follows it >= ${effective.knownPatternMinProbability} at catch-all domains, >= ${effective.refusedKnownPatternMinConfirmations} and >= ${effective.refusedKnownPatternMinShare} elsewhere)`,
  );
  console.log(
    `  cold batch: ${n} lookups in ${fmt(coldMs / 1000)} s = ${fmt(n / (coldMs / 1000), 1)} lookups/s; sessions/lookup ${fmt(coldStats.sessions / n, 3)}; RCPT/lookup ${fmt((coldStats.commands.RCPT ?? 0) / n, 2)}`,
  );
  console.log(
    `  warm batch: ${n} lookups in ${fmt(warmMs / 1000)} s = ${fmt(n / (warmMs / 1000), 1)} lookups/s; sessions/lookup ${fmt(warmStats.sessions / n, 3)}; RCPT/lookup ${fmt((warmStats.commands.RCPT ?? 0) / n, 2)}`,
  );
  console.log(
    `  warm single finds: ${sample.length} lookups in ${fmt(singleMs / 1000)} s; sessions/lookup ${fmt(singleStats.sessions / sample.length, 3)}; RCPT/lookup ${fmt((singleStats.commands.RCPT ?? 0) / sample.length, 2)}`,
  );
  console.log(`  peak memory: rss ${mb(peakRss)}, heap ${mb(peakHeap)}`);
  console.log(
    `  cold batch CPU (finder and lab, one process): ${fmt((cpu.user + cpu.system) / 1e6)} s; machine load before it ${fmt(load)} on ${os.availableParallelism()} cores`,
  );
  const coldAcc = grade(people, cold);
  printAccuracy('Accuracy (cold batch)', coldAcc);
  printBreakdown(people, cold);
  printCatchAllMisses(lab, people, cold);
  if (process.env.BENCH_WRONG)
    people.forEach((p, i) => {
      const r = cold[i]!;
      if (r.exactEmailScore >= 95 && r.exactEmail !== p.email)
        console.log(
          'WRONG',
          p.firstName,
          p.lastName,
          p.domain,
          p.domainKind,
          p.email,
          r.exactEmail,
          r.exactEmailScore,
          JSON.stringify(r.evidence.patternKnowledge),
          r.evidence.candidates
            .filter((c) => c.status === 'accepted')
            .map((c) => c.email)
            .join(','),
        );
    });
  const warmAcc = grade(people, warm);
  console.log(
    `\n  warm batch precision at >= 95: ${pct(warmAcc.chargedRight, warmAcc.charged)}, recall ${pct(warmAcc.foundAt95, warmAcc.findable)}`,
  );
  return { coldMs, n, cold, coldStats };
}

async function runPeer(lab: MailLab, ours: { cold: FindResult[] }) {
  const people = lab.manifest.people;
  const every = Math.max(1, Math.floor(people.length / Number(args['peer-sample'])));
  const indexes = people.map((_, i) => i).filter((i) => i % every === 0);
  if (Number(args['peer-sample']) === 0) return null;
  if (lab.smtpPort !== 25) {
    console.log(
      '\nPeer (deep-email-validator): skipped, it needs the lab on port 25 (run as root)',
    );
    return null;
  }
  const restore = routePeerToLab(lab.dnsServer);
  lab.resetStats();
  const results: Array<FindResult | null> = people.map(() => null);
  let next = 0;
  const started = performance.now();
  // As its README says: validate(email) per address; a finder tries the candidates in order.
  const worker = async () => {
    while (next < indexes.length) {
      const index = indexes[next++]!;
      const p = people[index]!;
      let found: string | null = null;
      for (const c of candidatesFor(p.firstName, p.lastName, p.domain, null)) {
        const out = await validate({
          email: c.email,
          sender: 'verify@mailhound.local',
          validateTypo: false,
        });
        if (out.valid) {
          found = c.email;
          break;
        }
        if (out.reason === 'mx' || out.reason === 'disposable') break;
      }
      results[index] = {
        exactEmail: found,
        exactEmailScore: found ? 99 : 0,
        evidence: { candidates: [] } as unknown as FindResult['evidence'],
      };
    }
  };
  await Promise.all(Array.from({ length: config.concurrency }, worker));
  const ms = performance.now() - started;
  const stats = lab.stats();
  restore();
  const n = indexes.length;
  console.log(
    `\nPeer: deep-email-validator 0.1.27 (validate() per candidate, ${config.concurrency} people at once, same lab, same latency)`,
  );
  console.log(
    `  ${n} lookups (every ${every}th person) in ${fmt(ms / 1000)} s = ${fmt(n / (ms / 1000), 2)} lookups/s; connections/lookup ${fmt(stats.sessions / n, 2)}; RCPT/lookup ${fmt((stats.commands.RCPT ?? 0) / n, 2)}`,
  );
  const acc = grade(people, results);
  console.log(
    `  its "valid" answers that are the true address: ${pct(acc.chargedRight, acc.charged)} (${acc.chargedRight}/${acc.charged}); recall ${pct(acc.foundAt95, acc.findable)}`,
  );
  const oursOnSample = grade(
    people,
    people.map((_, i) => (indexes.includes(i) ? ours.cold[i]! : null)),
  );
  console.log(
    `  ours on the same people: precision ${pct(oursOnSample.chargedRight, oursOnSample.charged)}, recall ${pct(oursOnSample.foundAt95, oursOnSample.findable)}`,
  );
  return { lookupsPerSecond: n / (ms / 1000), sessionsPerLookup: stats.sessions / n };
}

async function soak(lab: MailLab) {
  const people = lab.manifest.people;
  const inputs = people.map((p) => ({
    firstName: p.firstName,
    lastName: p.lastName,
    domain: p.domain,
  }));
  const finder = createFinder(
    { ...config, resolvers: [lab.dnsServer], smtpPort: lab.smtpPort },
    { patternStore: await learntStore(lab) },
  );
  const target = Number(args['soak-lookups']);
  const warmUp = Math.min(20_000, target / 5);
  let done = 0;
  let nextReport = 10_000;
  const samples: Array<{ done: number; heap: number; rss: number }> = [];
  console.log(
    `\nSoak: ${target} lookups (the lab's ${inputs.length} people again and again, ${latencyMs} ms per SMTP reply), heap after GC every 10,000; lab and finder share the process`,
  );
  const started = performance.now();
  while (done < target) {
    const batch = inputs.slice(0, Math.min(inputs.length, target - done));
    await finder.findBatch(batch);
    done += batch.length;
    if (done >= nextReport || done === target) {
      gc();
      const m = process.memoryUsage();
      samples.push({ done, heap: m.heapUsed, rss: m.rss });
      console.log(
        `  ${String(done).padStart(7)} lookups  heap ${mb(m.heapUsed).padStart(9)}  rss ${mb(m.rss).padStart(9)}  ${fmt((performance.now() - started) / 1000, 1)} s`,
      );
      nextReport = done + 10_000 - (done % 10_000);
    }
  }
  // Least-squares slope after the warm-up (caches, JIT and the pattern store fill first).
  const slopePer10k = (pick: (s: { heap: number; rss: number }) => number, from = warmUp) => {
    const points = samples.filter((p) => p.done >= from);
    if (points.length < 2) return 0;
    const mx = points.reduce((a, p) => a + p.done, 0) / points.length;
    const my = points.reduce((a, p) => a + pick(p), 0) / points.length;
    const num = points.reduce((a, p) => a + (p.done - mx) * (pick(p) - my), 0);
    const den = points.reduce((a, p) => a + (p.done - mx) ** 2, 0);
    return (num / den) * 10_000;
  };
  // A one-off drop (V8 flushing code) would hide growth behind it: the second half alone too.
  const heapSlope = Math.max(
    slopePer10k((p) => p.heap),
    slopePer10k((p) => p.heap, target / 2),
  );
  const rssSlope = Math.max(
    slopePer10k((p) => p.rss),
    slopePer10k((p) => p.rss, target / 2),
  );
  const flatLimit = 0.2 * 1048576;
  console.log(
    `  growth per 10,000 lookups after ${warmUp} (the larger of that and the second half alone): heap ${fmt(heapSlope / 1024, 1)} KB, rss ${fmt(rssSlope / 1024, 1)} KB (${fmt(heapSlope / 10_000, 1)} bytes of heap per lookup)`,
  );
  console.log(
    `  verdict: ${heapSlope <= flatLimit ? 'flat' : 'GROWING'} (flat means at most ${mb(flatLimit)} of heap per 10,000 lookups)`,
  );
  await finder.close();
}

const lab = await startLab();
const kinds = new Map<string, number>();
for (const d of lab.manifest.domains) kinds.set(d.kind, (kinds.get(d.kind) ?? 0) + 1);
console.log(
  `Lab: ${lab.manifest.domains.length} domains, ${lab.manifest.people.length} people (${lab.manifest.people.filter((p) => p.findable).length} findable), ${latencyMs} ms per SMTP reply, greylisting ${greylistMs} ms, SMTP port ${lab.smtpPort}`,
);
console.log(`  mix: ${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}`);

if (args.soak) {
  await soak(lab);
} else {
  const ours = await runOurs(lab);
  const bound = lowerBoundMs(lab, 25);
  console.log(
    `\nLower bound the lab allows: ${fmt(bound.ms / 1000)} s = the largest of: all sessions' time ÷ ${config.concurrency} at once ${fmt(bound.sessionsMs / 1000)} s (${bound.roundTrips} round trips × ${latencyMs} ms plus greeting waits and silent hosts' timeouts), the busiest host ÷ ${config.perHostConcurrency} ${fmt(bound.hostMs / 1000)} s, the longest single path ${fmt(bound.criticalMs / 1000)} s (greylisting window or a silent host's ${config.commandTimeoutMs} ms timeout)`,
  );
  console.log(
    `  our cold batch: ${fmt(ours.coldMs / 1000)} s = ${fmt(ours.coldMs / bound.ms)}× the lower bound`,
  );
  const peer = await runPeer(lab, ours);
  if (peer) {
    const oursRate = ours.n / (ours.coldMs / 1000);
    console.log(
      `\nOurs / peer: ${fmt(oursRate / peer.lookupsPerSecond, 1)}× the lookups per second; ${fmt(ours.coldStats.sessions / ours.n / peer.sessionsPerLookup, 3)}× the connections per lookup`,
    );
  }
}
await lab.close();
