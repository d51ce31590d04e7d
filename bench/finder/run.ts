import os from 'node:os';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import {
  candidatesFor,
  createFinder,
  createMemoryPatternStore,
  type FindResult,
  finderConfig,
  noPattern,
} from '@mailhound/finder';
import { generateLab, type MailLab, type ManifestPerson, startMailLab } from '@mailhound/mail-lab';
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
    // The known-pattern thresholds (finder defaults when absent), for the recall trade-off.
    'min-confirmations': { type: 'string' },
    'min-share': { type: 'string' },
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
  ...(args['min-confirmations']
    ? { knownPatternMinConfirmations: Number(args['min-confirmations']) }
    : {}),
  ...(args['min-share'] ? { knownPatternMinShare: Number(args['min-share']) } : {}),
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
  });
  // deep-email-validator only speaks to port 25: the lab takes it when it can (root).
  try {
    return await startMailLab({ ...spec, smtpPort: 25 });
  } catch {
    return startMailLab(spec);
  }
}

// The PatternStore as the product would fill it: colleagues' addresses verified elsewhere
// (the lab's `staff`, exceptions included, never its `knownPattern` label), each recorded with
// the pattern it matches for its owner's name, or none.
function storeFor(lab: MailLab) {
  const store = createMemoryPatternStore();
  for (const domain of lab.spec.domains) {
    for (const person of domain.staff ?? []) {
      if (!person.email) continue;
      const match = candidatesFor(person.firstName, person.lastName, domain.name, null).find(
        (c) => c.email === person.email,
      );
      store.record(domain.name, { pattern: match?.pattern ?? noPattern, email: person.email });
    }
  }
  return store;
}

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
    { patternStore: storeFor(lab) },
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
    `\nMailhound finder (findBatch, concurrency ${config.concurrency}, ${config.perHostConcurrency} per host; known pattern: >= ${effective.knownPatternMinConfirmations} confirmations, Wilson lower bound >= ${effective.knownPatternMinShare})`,
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
    { patternStore: storeFor(lab) },
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
