// What the product knows about a domain's address pattern, learnt from verified addresses.
// The caller stores it (the server in PostgreSQL) through the PatternStore port.

export interface PatternKnowledge {
  // The pattern most verified addresses at the domain follow.
  pattern: string;
  // Verified addresses at the domain that follow `pattern`.
  confirmations: number;
  // Verified addresses at the domain that follow another pattern or none.
  contradictions: number;
}

// One verified address at a domain and the pattern it follows (`noPattern` when it follows
// none of the known patterns for its owner's name).
export interface PatternObservation {
  pattern: string;
  email: string;
}

export const noPattern = 'none';

export interface PatternStore {
  get: (domain: string) => Promise<PatternKnowledge | null> | PatternKnowledge | null;
  // Idempotent per address: recording the same address again replaces its earlier pattern.
  record: (domain: string, observation: PatternObservation) => Promise<void> | void;
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

// A PatternStore in memory (tests, the bench, the command line). The leading pattern is the
// one most addresses follow; on a tie, the one seen first.
export function createMemoryPatternStore(
  initial: Record<string, PatternObservation[]> = {},
): PatternStore & { entries: () => Map<string, Map<string, string>> } {
  const domains = new Map<string, Map<string, string>>();
  const record = (domain: string, observation: PatternObservation) => {
    const addresses = domains.get(domain) ?? new Map<string, string>();
    addresses.set(observation.email.toLowerCase(), observation.pattern);
    domains.set(domain, addresses);
  };
  for (const [domain, observations] of Object.entries(initial))
    for (const observation of observations) record(domain, observation);
  return {
    get: (domain) => {
      const addresses = domains.get(domain);
      if (!addresses || addresses.size === 0) return null;
      const counts = new Map<string, number>();
      for (const pattern of addresses.values())
        if (pattern !== noPattern) counts.set(pattern, (counts.get(pattern) ?? 0) + 1);
      let best: [string, number] | null = null;
      for (const entry of counts) if (!best || entry[1] > best[1]) best = entry;
      if (!best) return null;
      return { pattern: best[0], confirmations: best[1], contradictions: addresses.size - best[1] };
    },
    record,
    entries: () => domains,
  };
}
