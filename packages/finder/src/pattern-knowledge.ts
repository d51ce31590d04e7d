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
// and a `delivered` observation there would only echo the guess we sent to.
// `bounces`: how many addresses at the domain have hard-bounced.
export const bouncingDomain = (bounces: number): boolean => bounces > 0;

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
}

export const noPattern = 'none';

// An address, whose it is (ownerKey of their name) and where we learnt that.
export type AddressOwner = [email: string, owner: string, source: ObservationSource];

export interface PatternStore {
  get: (domain: string) => Promise<PatternKnowledge | null> | PatternKnowledge | null;
  // Idempotent per address: recording the same address again replaces its earlier
  // observation (the latest source wins), except that only a reply undoes a bounce.
  record: (domain: string, observation: PatternObservation) => Promise<void> | void;
  // Addresses at the domain whose latest observation is a hard bounce: they do not exist,
  // whoever asks, and are never again returned at 95 or more.
  bounced: (domain: string) => Promise<string[]> | string[];
  // Of these addresses at the domain, the ones whose owner we know: [address, owner key, the
  // source of that knowledge] (a reply proves the address is its owner's own).
  owners: (domain: string, emails: readonly string[]) => Promise<AddressOwner[]> | AddressOwner[];
}

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
// they follow another) only at a domain where some address has bounced (`bouncingDomain`).
export function knowledgeFrom(counts: Iterable<ObservationCount>): PatternKnowledge | null {
  const support = new Map<string, number>();
  const against = new Map<string, number>();
  const bySource = new Map<string, Partial<Record<ObservationSource, number>>>();
  const all = [...counts];
  const bounces = all.reduce((sum, c) => sum + (c.source === 'bounce' ? c.count : 0), 0);
  let total = 0;
  for (const { pattern, source, count } of all) {
    if (source === 'delivered' && !bouncingDomain(bounces)) continue;
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

type StoredObservation = PatternObservation & { source: ObservationSource };

// A PatternStore in memory (tests, the bench, the command line).
export function createMemoryPatternStore(
  initial: Record<string, PatternObservation[]> = {},
): PatternStore & { entries: () => Map<string, Map<string, StoredObservation>> } {
  const domains = new Map<string, Map<string, StoredObservation>>();
  const record = (domain: string, observation: PatternObservation) => {
    const addresses = domains.get(domain) ?? new Map<string, StoredObservation>();
    const email = observation.email.toLowerCase();
    const source = observation.source ?? 'verified';
    const bounces =
      source === 'delivered' && [...addresses.values()].some((o) => o.source === 'bounce');
    if (!replacesObservation(addresses.get(email)?.source, source, bounces)) return;
    addresses.set(email, { ...observation, email, source });
    domains.set(domain, addresses);
  };
  for (const [domain, observations] of Object.entries(initial))
    for (const observation of observations) record(domain, observation);
  return {
    get: (domain) => {
      const counts = new Map<string, ObservationCount>();
      for (const { pattern, source } of domains.get(domain)?.values() ?? []) {
        const key = `${pattern} ${source}`;
        const count = counts.get(key) ?? { pattern, source, count: 0 };
        count.count++;
        counts.set(key, count);
      }
      return knowledgeFrom(counts.values());
    },
    record,
    bounced: (domain) =>
      [...(domains.get(domain)?.values() ?? [])]
        .filter((o) => o.source === 'bounce')
        .map((o) => o.email),
    owners: (domain, emails) => {
      const addresses = domains.get(domain);
      return emails.flatMap((email): AddressOwner[] => {
        const seen = addresses?.get(email);
        return seen?.owner && seen.source !== 'bounce' ? [[email, seen.owner, seen.source]] : [];
      });
    },
    entries: () => domains,
  };
}
