import {
  type DepartmentId,
  departmentIds,
  type SeniorityId,
  seniorityIds,
} from '@mailhound/contracts';

// Hunter's department and seniority ids (API v2 Domain Search and Email Count) and the
// Mailhound ids each covers. Ours with no Hunter id (product, research, other) fall under none.
export const hunterDepartments = {
  executive: ['executive'],
  it: ['it', 'engineering'],
  finance: ['finance'],
  management: ['management'],
  sales: ['sales'],
  legal: ['legal'],
  support: ['support'],
  hr: ['hr'],
  marketing: ['marketing'],
  communication: ['media'],
  education: ['education'],
  design: ['design'],
  health: ['healthcare'],
  operations: ['operations', 'administrative'],
} as const satisfies Record<string, readonly DepartmentId[]>;

export const hunterSeniorities = {
  junior: ['entry', 'intern'],
  senior: ['senior', 'manager', 'director', 'head'],
  executive: ['owner', 'c_level', 'vp'],
} as const satisfies Record<string, readonly SeniorityId[]>;

type Vocabulary<Ours extends string> = Record<string, readonly Ours[]>;

// The Hunter id a Mailhound id falls under, or null.
function hunterIdOf<Ours extends string>(vocabulary: Vocabulary<Ours>, ours: Ours): string | null {
  for (const [hunterId, covered] of Object.entries(vocabulary)) {
    if (covered.includes(ours)) return hunterId;
  }
  return null;
}

export const hunterDepartmentOf = (ours: DepartmentId) => hunterIdOf(hunterDepartments, ours);
export const hunterSeniorityOf = (ours: SeniorityId) => hunterIdOf(hunterSeniorities, ours);

// A comma-separated list of Hunter's ids or ours as our ids; a word both spell (`it`,
// `senior`) is read as Hunter's. Unknown words are left out, as Hunter does; undefined when
// none is known.
function idsOf<Ours extends string>(
  vocabulary: Vocabulary<Ours>,
  ours: readonly Ours[],
  list: string,
): Ours[] | undefined {
  const ids = new Set<Ours>();
  for (const part of list.split(',')) {
    const word = part.trim().toLowerCase();
    // Own keys only: `__proto__` is a word like any other.
    const covered: readonly Ours[] = Object.hasOwn(vocabulary, word)
      ? (vocabulary[word] ?? [])
      : ours.includes(word as Ours)
        ? [word as Ours]
        : [];
    for (const id of covered) ids.add(id);
  }
  return ids.size > 0 ? [...ids] : undefined;
}

export const departmentsOf = (list: string) => idsOf(hunterDepartments, departmentIds, list);
export const senioritiesOf = (list: string) => idsOf(hunterSeniorities, seniorityIds, list);

// Counts by Mailhound id → counts under every Hunter id, zero where none.
export function countsByHunterId<Ours extends string>(
  vocabulary: Vocabulary<Ours>,
  counts: Map<Ours, number>,
): Record<string, number> {
  const byHunterId: Record<string, number> = {};
  for (const [hunterId, covered] of Object.entries(vocabulary)) {
    byHunterId[hunterId] = covered.reduce((sum, ours) => sum + (counts.get(ours) ?? 0), 0);
  }
  return byHunterId;
}
