import { industryLabel } from '@mailhound/contracts';

// Ids that are initials or hyphenated read better spelt out; the rest read as capitalised words.
const spelt: Record<string, string> = { it: 'IT', hr: 'HR', c_level: 'C-Level', vp: 'VP' };

// Department and seniority ids of the title classifier: 'hr' → 'HR', 'c_level' → 'C-Level'.
export function personClassLabel(id: string): string {
  return spelt[id] ?? industryLabel(id);
}
