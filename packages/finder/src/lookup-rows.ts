import { getHostname } from 'tldts';
import { type Candidate, candidatesFor } from './patterns.ts';

export interface FindInput {
  firstName: string;
  lastName: string;
  // A domain or a website address.
  domain: string;
}

// One row of a lookup: a person to find, whose candidates come from the name once the
// domain's learnt pattern is known, or one address to verify.
export type LookupRow =
  | { kind: 'find'; firstName: string; lastName: string; candidates: Candidate[] }
  | { kind: 'verify'; localPart: string; candidates: Candidate[] };

export function normaliseDomain(input: string): string {
  const trimmed = input.trim().toLowerCase();
  const host = getHostname(trimmed.includes('://') ? trimmed : `http://${trimmed}`) ?? trimmed;
  return host.replace(/^www\./, '').replace(/\.$/, '');
}

export const findRow = (input: FindInput): LookupRow => ({
  kind: 'find',
  firstName: input.firstName,
  lastName: input.lastName,
  candidates: [],
});

// The address as its only candidate; none when it is not an address at all.
export function verifyRow(email: string): { domain: string; row: LookupRow } {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  const domain = normaliseDomain(trimmed.slice(at + 1));
  const localPart = trimmed.slice(0, at);
  const valid = at > 0 && domain.length > 0 && /^[^\s@]{1,64}$/.test(localPart);
  return {
    domain,
    row: {
      kind: 'verify',
      localPart,
      candidates: valid
        ? [{ email: `${localPart}@${domain}`, localPart, pattern: 'given', kind: 'exact' }]
        : [],
    },
  };
}

// Find rows get their candidates, the learnt pattern's first.
export const withCandidates = (
  rows: LookupRow[],
  domain: string,
  learntPattern: string | null,
): LookupRow[] =>
  rows.map((row) =>
    row.kind === 'find'
      ? { ...row, candidates: candidatesFor(row.firstName, row.lastName, domain, learntPattern) }
      : row,
  );

// Addresses more than one find row produced (two Johns at one company): nobody's exact match.
export function ambiguousAddresses(rows: readonly LookupRow[]): Set<string> {
  const owners = new Map<string, number>();
  for (const row of rows) {
    if (row.kind !== 'find') continue;
    for (const c of row.candidates) owners.set(c.email, (owners.get(c.email) ?? 0) + 1);
  }
  return new Set([...owners].filter(([, n]) => n > 1).map(([email]) => email));
}
