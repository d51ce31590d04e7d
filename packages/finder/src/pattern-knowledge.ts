import { type Clock, systemClock } from './clock.ts';
import { patterns } from './patterns.ts';

// What the product knows about a domain's address pattern, learnt from verified addresses.
// The caller stores it (the server in PostgreSQL) through the PatternStore port.

// Where an observation comes from (README: pattern knowledge, each source's weight and why):
// `verified` a 99 find, `smtp` an accepted possible-kind address at a domain that refused every
// exact-kind candidate, `reply` a reply from an address we sent to, `known` a person the user
// already knows (name and address in an upload or import), `bounce` a hard bounce (5.1.x),
// `delivered` an address a campaign wrote to that had not hard-bounced `deliveredAfterHours`
// after the send (it counts only at a domain that has bounced: `bouncingDomain`).
export const observationSources = [
  'verified',
  'smtp',
  'reply',
  'known',
  'bounce',
  'delivered',
] as const;
export type ObservationSource = (typeof observationSources)[number];

// How much one observation of each source counts. A bounce counts against its pattern.
export const observationWeights: Readonly<Record<ObservationSource, number>> = {
  verified: 1,
  smtp: 1,
  reply: 1,
  known: 1,
  bounce: 1,
  delivered: 1,
};

// How long after a send an address that has not hard-bounced counts as delivered: bounces after
// an accepted RCPT (a gateway relaying to an inner server that refuses, Microsoft 365 without
// directory-based edge blocking) come back within minutes, and senders retry a deferred
// delivery for up to 2 to 5 days before they give up and bounce; 72 h leaves a day of margin
// over the common 48 h queue lifetime (README: the delivered source).
export const deliveredAfterHours = 72;

// Only at a domain that has bounced an address after accepting it does mail that did not
// bounce prove that its address exists: a catch-all that swallows everything proves nothing,
// and a `delivered` observation there would only echo the guess we sent to. Only a recent
// bounce says so: a domain that bounced years ago may be a silent catch-all today.
// `bouncedAt`: when each address there that still counts as bounced was last seen bouncing;
// `since`: the oldest time that still counts (`bouncingDomainDays` before now).
export const bouncingDomain = (bouncedAt: Iterable<number>, since: number): boolean => {
  for (const at of bouncedAt) if (at >= since) return true;
  return false;
};

// Whether a new observation of an address replaces the one already recorded: the latest wins,
// except that only a reply undoes a bounce, and a `delivered` (only that mail did not bounce)
// fills an address nobody observed, replaces an earlier delivery, and replaces a user's `known`
// contact only at a bouncing domain: elsewhere it counts for nothing, and the contact's
// pattern observation would be lost.
export const replacesObservation = (
  recorded: ObservationSource | undefined,
  incoming: ObservationSource,
  domainBounces: boolean,
): boolean => {
  if (recorded === undefined) return true;
  if (incoming === 'delivered')
    return recorded === 'delivered' || (recorded === 'known' && domainBounces);
  return recorded !== 'bounce' || incoming === 'reply';
};

export interface PatternKnowledge {
  // The pattern the most weight of observations at the domain follows.
  pattern: string;
  // Weighted observations that follow `pattern`.
  confirmations: number;
  // Weighted observations that follow another pattern or none, and bounces of `pattern`.
  contradictions: number;
  // `confirmations` by source.
  sources: Partial<Record<ObservationSource, number>>;
  // The posterior (README: the catch-all judgement) that `pattern` is the domain's pattern,
  // from every pattern's confirmations and bounces, and that a person at the domain of whom
  // nothing else is known has the address it gives for their name.
  patternProbability: number;
  personProbability: number;
}

// One address at a domain and the pattern it follows for its owner's name (`noPattern` when
// it follows none of the known patterns), with where we saw it (`verified` when absent).
export interface PatternObservation {
  pattern: string;
  email: string;
  source?: ObservationSource;
  // Whose address it is (ownerKey of their name), when we know: the address is nobody
  // else's exact match.
  owner?: string;
  // Who saw it: the user whose upload, import, mailbox or campaign it came from. Absent for
  // what the finder saw itself (`verified`, `smtp`), which everybody shares.
  observer?: string;
}

// What a store keeps: the latest observation of an address by one observer, and when it was
// made (ms since the epoch).
export type RecordedObservation = PatternObservation & { source: ObservationSource; at: number };

// Whose evidence a lookup weighs (README: pattern knowledge, evidence weighed by who saw it).
// `viewer`'s own observations and the finder's count fully; another user's count only as a
// fact that `minObservers` distinct other users agree on (the same address bounced, or the
// same owner's), and each other user adds at most `maxPerObserver` addresses per domain to the
// pattern counts. Bounces observed since `bouncingSince` make the domain bouncing.
export interface EvidenceView {
  viewer?: string;
  bouncingSince: number;
  minObservers: number;
  maxPerObserver: number;
}

// The view of a store with one observer (the bench, the command line, tests): every
// observation counts, a bounce of any age makes its domain bouncing.
export const everyObservation: EvidenceView = {
  bouncingSince: Number.NEGATIVE_INFINITY,
  minObservers: 2,
  maxPerObserver: 2,
};

// What the observations at a domain say for one view: the counts per pattern and source (in
// the order addresses were first seen), the addresses that bounced, whether the domain is
// bouncing, and whose each known address is.
export interface DomainEvidence {
  counts: ObservationCount[];
  bounced: string[];
  bouncing: boolean;
  owners: Map<string, [owner: string, source: ObservationSource]>;
}

// An observation in a view, with the other users it came from (none: the viewer's or the
// finder's own).
type Weighed = RecordedObservation & { from: string[] };

// The latest observation of an address among these, as one store row would keep it
// (replacesObservation in the order they were made).
function latestOf(rows: readonly Weighed[], bouncing: boolean): Weighed | undefined {
  if (rows.length <= 1) return rows[0];
  let latest: Weighed | undefined;
  for (const row of [...rows].sort((a, b) => a.at - b.at))
    if (replacesObservation(latest?.source, row.source, bouncing))
      latest = { ...row, owner: row.owner ?? latest?.owner };
  return latest;
}

// Facts about one address that at least `min` distinct other users agree on: it bounced, or
// it is one owner's (a reply when `min` of them replied, a delivery when `min` reached it, a
// contact otherwise), dated when the `min`-th of them saw it.
// The observer of the user observations recorded before observers were (the server's
// migration 0034): any of them may have been planted, and nothing tells whose they were, so
// they never agree with anyone: they count only within one observer's pattern allowance.
export const legacyObserver = 'anonymous';

function agreedFacts(all: readonly RecordedObservation[], min: number): Weighed[] {
  const others = all.filter((row) => row.observer !== legacyObserver);
  const fact = (rows: RecordedObservation[], source: ObservationSource): Weighed => {
    const byTime = [...rows].sort((a, b) => b.at - a.at);
    const latest = byTime[0] as RecordedObservation;
    return {
      ...latest,
      source,
      at: (byTime[min - 1] as RecordedObservation).at,
      from: rows.map((row) => row.observer ?? ''),
    };
  };
  const facts: Weighed[] = [];
  if (others.length < min) return facts;
  const bounces = others.filter((row) => row.source === 'bounce');
  if (bounces.length >= min) facts.push(fact(bounces, 'bounce'));
  const byOwner = new Map<string, RecordedObservation[]>();
  for (const row of others)
    if (row.owner && row.source !== 'bounce')
      byOwner.set(row.owner, [...(byOwner.get(row.owner) ?? []), row]);
  for (const rows of byOwner.values()) {
    if (rows.length < min) continue;
    const replies = rows.filter((row) => row.source === 'reply').length;
    const reached = rows.filter((row) => row.source === 'reply' || row.source === 'delivered');
    facts.push(
      fact(rows, replies >= min ? 'reply' : reached.length >= min ? 'delivered' : 'known'),
    );
  }
  return facts;
}

// The evidence at a domain for a view, from every observer's latest observation of each
// address there (`rows` in the order they were first recorded). Per address, the viewer's and
// the finder's observations and the facts other users agree on are taken as one store row
// would keep them (the latest wins, only a reply undoes a bounce); an address only other users
// saw, and not as an agreed fact, counts as its latest pattern observation without an owner.
export function evidenceFor(
  rows: readonly RecordedObservation[],
  view: EvidenceView = everyObservation,
): DomainEvidence {
  const addresses = new Map<string, { own: Weighed[]; others: RecordedObservation[] }>();
  for (const row of rows) {
    const address = addresses.get(row.email) ?? { own: [], others: [] };
    if (row.observer === undefined || row.observer === view.viewer)
      address.own.push({ ...row, from: [] });
    else address.others.push(row);
    addresses.set(row.email, address);
  }
  const weighed = [...addresses].map(([email, { own, others }]) => ({
    email,
    own,
    shared: [...own, ...agreedFacts(others, view.minObservers)],
    // What other users saw of an address nobody agrees on: a pattern, never whose it is.
    unagreed: () =>
      others
        .filter((row) => row.source !== 'bounce')
        .map((row): Weighed => ({ ...row, owner: undefined, from: [row.observer ?? ''] })),
  }));
  const latestAll = (bouncing: boolean) =>
    weighed.map((address) => ({
      ...address,
      latest: latestOf(address.shared, bouncing) ?? latestOf(address.unagreed(), bouncing),
    }));
  const first = latestAll(false);
  const bouncing = bouncingDomain(
    first.flatMap(({ latest }) => (latest?.source === 'bounce' ? [latest.at] : [])),
    view.bouncingSince,
  );
  const latest = bouncing ? latestAll(true) : first;
  // Each other user adds at most maxPerObserver addresses to the counts: the most recent
  // first; an agreed fact needs the budget of minObservers of those who agree.
  const budget = new Map<string, number>();
  const counted = new Set<string>();
  const fromOthers = latest
    .filter(({ latest }) => latest && latest.from.length > 0)
    .sort((a, b) => (b.latest?.at ?? 0) - (a.latest?.at ?? 0));
  for (const { email, latest: seen } of fromOthers) {
    const payers = (seen?.from ?? []).filter(
      (observer) => (budget.get(observer) ?? view.maxPerObserver) > 0,
    );
    const needed = Math.min(seen?.from.length ?? 0, view.minObservers);
    if (payers.length < needed) continue;
    for (const observer of payers.slice(0, needed))
      budget.set(observer, (budget.get(observer) ?? view.maxPerObserver) - 1);
    counted.add(email);
  }
  const counts = new Map<string, ObservationCount>();
  const bounced: string[] = [];
  const owners: DomainEvidence['owners'] = new Map();
  for (const { email, own, latest: seen } of latest) {
    if (!seen) continue;
    if (seen.source === 'bounce') bounced.push(email);
    else if (seen.owner) owners.set(email, [seen.owner, seen.source]);
    // Over a user's budget, the address counts as the viewer's and the finder's own saw it.
    const tallied = seen.from.length === 0 || counted.has(email) ? seen : latestOf(own, bouncing);
    if (!tallied) continue;
    const key = `${tallied.pattern} ${tallied.source}`;
    const count = counts.get(key) ?? { pattern: tallied.pattern, source: tallied.source, count: 0 };
    count.count++;
    counts.set(key, count);
  }
  return { counts: [...counts.values()], bounced, bouncing, owners };
}

export const noPattern = 'none';

// An address, whose it is (ownerKey of their name) and where we learnt that.
export type AddressOwner = [email: string, owner: string, source: ObservationSource];

// The addresses at a domain that bounced, and whether the domain is bouncing (a recent one).
export interface Bounced {
  addresses: string[];
  bouncing: boolean;
}

// Every read takes the view it is for (everyObservation when absent).
export interface PatternStore {
  get: (
    domain: string,
    view?: EvidenceView,
  ) => Promise<PatternKnowledge | null> | PatternKnowledge | null;
  // Idempotent per address and observer: recording the same address again replaces the same
  // observer's earlier observation (the latest source wins), except that only a reply undoes a
  // bounce; one observer's observation never replaces another's.
  record: (domain: string, observation: PatternObservation) => Promise<void> | void;
  // Addresses at the domain whose latest observation in the view is a hard bounce: they do
  // not exist, and are never again returned at 95 or more.
  bounced: (domain: string, view?: EvidenceView) => Promise<Bounced> | Bounced;
  // Of these addresses at the domain, the ones whose owner the view knows: [address, owner
  // key, the source of that knowledge] (a reply proves the address is its owner's own).
  owners: (
    domain: string,
    emails: readonly string[],
    view?: EvidenceView,
  ) => Promise<AddressOwner[]> | AddressOwner[];
  // Whether this observer recorded anything at the domain. Their bounces, contacts and replies
  // shape what a lookup for them finds there, so what the finder learns in that lookup is
  // theirs alone, never the finder's shared observation (README: evidence weighed by who saw it).
  observedBy: (domain: string, observer: string) => Promise<boolean> | boolean;
}

// The store's answers from one domain's recorded observations.
export const knowledgeOf = (evidence: DomainEvidence): PatternKnowledge | null =>
  knowledgeFrom(evidence.counts, evidence.bouncing);
export const bouncedOf = (evidence: DomainEvidence): Bounced => ({
  addresses: evidence.bounced,
  bouncing: evidence.bouncing,
});
export const ownersOf = (evidence: DomainEvidence, emails: readonly string[]): AddressOwner[] =>
  emails.flatMap((email): AddressOwner[] => {
    const owner = evidence.owners.get(email);
    return owner ? [[email, ...owner]] : [];
  });

// Observations of one pattern from one source, in the order patterns were first seen.
export interface ObservationCount {
  pattern: string;
  source: ObservationSource;
  count: number;
}

// The model behind the posterior (README: the catch-all judgement). A person at a domain has
// the address its pattern gives for their name with probability `followRate`; the others are
// exceptions (no mailbox, a clash, a legacy address), of which `exceptionOnPattern` have an
// address that happens to follow another pattern. `shareWeight` observations' worth of prior
// belief that `followRate` of a domain's people follow its pattern.
export const posteriorModel = { followRate: 0.9, exceptionOnPattern: 0.2, shareWeight: 5 };

const priorOf = new Map(patterns.map((p) => [p.id, p.frequency]));
const priorTotal = patterns.reduce((sum, p) => sum + p.frequency, 0);

// P(the domain's pattern is `leader`) over the 16 patterns: a prior from how common each is
// (patterns.ts), then each observation's likelihood under each hypothesis. An address that
// follows pattern p is likely (followRate) where p is the pattern and unlikely (an exception
// that happens to follow p) elsewhere; a bounce of a p address is unlikely where p is the
// pattern (only the exceptions') and certain elsewhere. Observations following no pattern are
// equally likely under every hypothesis.
export function patternPosterior(
  leader: string,
  support: ReadonlyMap<string, number>,
  bounces: ReadonlyMap<string, number>,
): number {
  const { followRate, exceptionOnPattern } = posteriorModel;
  const logScore = (id: string, prior: number) =>
    Math.log(prior / priorTotal) +
    (support.get(id) ?? 0) *
      (Math.log(followRate) -
        Math.log((1 - followRate) * exceptionOnPattern * (prior / priorTotal))) +
    (bounces.get(id) ?? 0) * Math.log(1 - followRate);
  const scores = patterns.map((p) => logScore(p.id, p.frequency));
  const top = Math.max(...scores);
  const total = scores.reduce((sum, s) => sum + Math.exp(s - top), 0);
  const own = logScore(leader, priorOf.get(leader) ?? 0);
  return Math.exp(own - top) / total;
}

// The leading pattern (most weight; on a tie the one seen first) and its weighted counts; null
// when nothing but bounces and addresses following no pattern were recorded.
// `delivered` observations count (as confirmations of their pattern, or against the leader when
// they follow another) only at a bouncing domain (`bouncingDomain`; by default, one where some
// address has bounced).
export function knowledgeFrom(
  counts: Iterable<ObservationCount>,
  bouncing?: boolean,
): PatternKnowledge | null {
  const support = new Map<string, number>();
  const against = new Map<string, number>();
  const bySource = new Map<string, Partial<Record<ObservationSource, number>>>();
  const all = [...counts];
  const deliveredCounts = bouncing ?? all.some((c) => c.source === 'bounce' && c.count > 0);
  let total = 0;
  for (const { pattern, source, count } of all) {
    if (source === 'delivered' && !deliveredCounts) continue;
    const weight = observationWeights[source] * count;
    if (source === 'bounce') {
      against.set(pattern, (against.get(pattern) ?? 0) + weight);
      continue;
    }
    total += weight;
    if (pattern === noPattern) continue;
    support.set(pattern, (support.get(pattern) ?? 0) + weight);
    const sources = bySource.get(pattern) ?? {};
    sources[source] = (sources[source] ?? 0) + weight;
    bySource.set(pattern, sources);
  }
  let best: [string, number] | null = null;
  for (const entry of support) if (!best || entry[1] > best[1]) best = entry;
  if (!best) return null;
  const [pattern, confirmations] = best;
  const contradictions = total - confirmations + (against.get(pattern) ?? 0);
  const patternProbability = patternPosterior(pattern, support, against);
  // The share of the domain's people who follow it: its confirmations against everything
  // else seen there (other patterns, none, its bounces), after the prior's `shareWeight`.
  const { followRate, shareWeight } = posteriorModel;
  const share =
    (confirmations + followRate * shareWeight) / (confirmations + contradictions + shareWeight);
  return {
    pattern,
    confirmations,
    contradictions,
    sources: bySource.get(pattern) ?? {},
    patternProbability,
    personProbability: patternProbability * share,
  };
}

export interface PatternConfidence {
  // At least this many verified addresses follow the pattern.
  knownPatternMinConfirmations: number;
  // The Wilson lower bound (95 %) of the pattern's share is at least this.
  knownPatternMinShare: number;
}

const z95 = 1.959964;

// Lower bound of the Wilson score interval for a proportion: with few observations the
// bound stays low even when every observation agrees.
export function wilsonLowerBound(successes: number, total: number, z = z95): number {
  if (total <= 0) return 0;
  const p = successes / total;
  const z2 = z * z;
  const centre = p + z2 / (2 * total);
  const spread = z * Math.sqrt((p * (1 - p) + z2 / (4 * total)) / total);
  return (centre - spread) / (1 + z2 / total);
}

// The domain's pattern is known when enough verified addresses follow it and, even at the
// pessimistic end of the interval, it is the share the settings require.
export function isKnownPattern(
  knowledge: PatternKnowledge | null,
  config: PatternConfidence,
): boolean {
  if (!knowledge || knowledge.pattern === noPattern) return false;
  const { confirmations, contradictions } = knowledge;
  return (
    confirmations >= config.knownPatternMinConfirmations &&
    wilsonLowerBound(confirmations, confirmations + contradictions) >= config.knownPatternMinShare
  );
}

// At a catch-all domain the known pattern alone speaks for a person.
export interface PersonConfidence {
  // The posterior that a person follows the domain's pattern is at least this.
  knownPatternMinProbability: number;
}

// The domain's pattern is known for its people when the posterior that one of them has its
// address is at least the setting (README: the catch-all judgement).
export function isKnownForPeople(
  knowledge: PatternKnowledge | null,
  config: PersonConfidence,
): boolean {
  return (
    !!knowledge &&
    knowledge.pattern !== noPattern &&
    knowledge.personProbability >= config.knownPatternMinProbability
  );
}

// A PatternStore in memory (tests, the bench, the command line), its times from `clock`.
export function createMemoryPatternStore(
  initial: Record<string, PatternObservation[]> = {},
  clock: Pick<Clock, 'now'> = systemClock,
): PatternStore & { entries: () => Map<string, Map<string, RecordedObservation>> } {
  // Per domain, per address and observer, in the order first recorded.
  const domains = new Map<string, Map<string, RecordedObservation>>();
  const record = (domain: string, observation: PatternObservation) => {
    const rows = domains.get(domain) ?? new Map<string, RecordedObservation>();
    const email = observation.email.toLowerCase();
    const source = observation.source ?? 'verified';
    const key = `${email} ${observation.observer ?? ''}`;
    const bounces =
      source === 'delivered' &&
      [...rows.values()].some((o) => o.source === 'bounce' && o.observer === observation.observer);
    const recorded = rows.get(key);
    if (!replacesObservation(recorded?.source, source, bounces)) {
      // The address bounced again: the same fact, seen now (a recent bounce).
      if (recorded?.source === 'bounce' && source === 'bounce')
        rows.set(key, { ...recorded, at: clock.now() });
      return;
    }
    rows.set(key, { ...observation, email, source, at: clock.now() });
    domains.set(domain, rows);
  };
  for (const [domain, observations] of Object.entries(initial))
    for (const observation of observations) record(domain, observation);
  const evidence = (domain: string, view?: EvidenceView) =>
    evidenceFor([...(domains.get(domain)?.values() ?? [])], view);
  return {
    get: (domain, view) => knowledgeOf(evidence(domain, view)),
    record,
    bounced: (domain, view) => bouncedOf(evidence(domain, view)),
    owners: (domain, emails, view) => ownersOf(evidence(domain, view), emails),
    observedBy: (domain, observer) =>
      [...(domains.get(domain)?.values() ?? [])].some((row) => row.observer === observer),
    entries: () => domains,
  };
}
