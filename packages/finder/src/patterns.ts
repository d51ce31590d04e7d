import { nameVariants } from './names.ts';

// Exact: the full last name and at least the first initial; two people rarely share
// both inside one company. Possible: an address someone else could own (first name alone,
// last name alone, first name and initial, initials).
export type PatternKind = 'exact' | 'possible';

interface PatternDefinition {
  id: string;
  kind: PatternKind;
  // Share of business addresses using it, highest first (public pattern surveys).
  frequency: number;
  make: (first: string, last: string) => string;
}

export const patterns: readonly PatternDefinition[] = [
  { id: 'first.last', kind: 'exact', frequency: 0.32, make: (f, l) => `${f}.${l}` },
  { id: 'flast', kind: 'exact', frequency: 0.18, make: (f, l) => `${f[0]}${l}` },
  { id: 'first', kind: 'possible', frequency: 0.1, make: (f) => f },
  { id: 'firstlast', kind: 'exact', frequency: 0.08, make: (f, l) => `${f}${l}` },
  { id: 'f.last', kind: 'exact', frequency: 0.06, make: (f, l) => `${f[0]}.${l}` },
  { id: 'firstl', kind: 'possible', frequency: 0.04, make: (f, l) => `${f}${l[0]}` },
  { id: 'first_last', kind: 'exact', frequency: 0.03, make: (f, l) => `${f}_${l}` },
  { id: 'last.first', kind: 'exact', frequency: 0.03, make: (f, l) => `${l}.${f}` },
  { id: 'last', kind: 'possible', frequency: 0.02, make: (_f, l) => l },
  { id: 'lastf', kind: 'exact', frequency: 0.02, make: (f, l) => `${l}${f[0]}` },
  { id: 'first-last', kind: 'exact', frequency: 0.02, make: (f, l) => `${f}-${l}` },
  { id: 'first.l', kind: 'possible', frequency: 0.01, make: (f, l) => `${f}.${l[0]}` },
  { id: 'lastfirst', kind: 'exact', frequency: 0.01, make: (f, l) => `${l}${f}` },
  { id: 'fl', kind: 'possible', frequency: 0.01, make: (f, l) => `${f[0]}${l[0]}` },
  { id: 'l.first', kind: 'possible', frequency: 0.005, make: (f, l) => `${l[0]}.${f}` },
  { id: 'last_first', kind: 'exact', frequency: 0.005, make: (f, l) => `${l}_${f}` },
];

const byId = new Map(patterns.map((p) => [p.id, p]));

export function patternKind(id: string): PatternKind | undefined {
  return byId.get(id)?.kind;
}

export interface Candidate {
  email: string;
  localPart: string;
  pattern: string;
  kind: PatternKind;
}

const variantPatterns = new Set(['first.last', 'flast', 'firstlast', 'f.last']);

const validLocal = /^[a-z0-9](?:[a-z0-9._-]{0,62}[a-z0-9])?$/;

// Candidate addresses, the domain's learnt pattern first, then by global frequency; the
// main spelling of the name before its variants.
export function candidatesFor(
  firstName: string,
  lastName: string,
  domain: string,
  learntPattern: string | null,
): Candidate[] {
  const names = nameVariants(firstName, lastName);
  const ordered = [...patterns].sort((a, b) => {
    if (a.id === learntPattern) return -1;
    if (b.id === learntPattern) return 1;
    return b.frequency - a.frequency;
  });
  const seen = new Set<string>();
  const result: Candidate[] = [];
  const spellings: Array<[string, string]> = [];
  for (const first of names.first) for (const last of names.last) spellings.push([first, last]);
  for (const [index, [first, last]] of spellings.entries()) {
    // Variant spellings only for the learnt pattern and the most common ones.
    const allowed =
      index === 0
        ? ordered
        : ordered.filter((p) => p.id === learntPattern || variantPatterns.has(p.id));
    for (const pattern of allowed) {
      if (!first || !last) continue;
      const localPart = pattern.make(first, last);
      if (!validLocal.test(localPart) || localPart.includes('..') || seen.has(localPart)) continue;
      seen.add(localPart);
      result.push({
        email: `${localPart}@${domain}`,
        localPart,
        pattern: pattern.id,
        kind: pattern.kind,
      });
    }
  }
  return result;
}
