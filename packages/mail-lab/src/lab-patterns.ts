// How mail admins turn a name into a local part. The lab's own table, written apart from
// the finder's so that the ground truth does not borrow the code it grades.

const transliterations: Record<string, string> = { ß: 'ss', ø: 'o', ł: 'l', æ: 'ae' };

export function foldName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[ßøłæ]/g, (c) => transliterations[c] ?? c)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]/g, '');
}

const labPatterns: Record<string, (first: string, last: string) => string> = {
  'first.last': (f, l) => `${f}.${l}`,
  flast: (f, l) => `${f[0]}${l}`,
  first: (f) => f,
  firstlast: (f, l) => `${f}${l}`,
  'f.last': (f, l) => `${f[0]}.${l}`,
  firstl: (f, l) => `${f}${l[0]}`,
  last: (_f, l) => l,
  first_last: (f, l) => `${f}_${l}`,
  lastf: (f, l) => `${l}${f[0]}`,
  'last.first': (f, l) => `${l}.${f}`,
  fl: (f, l) => `${f[0]}${l[0]}`,
  'first-last': (f, l) => `${f}-${l}`,
};

export const labPatternNames = Object.keys(labPatterns);

export function labLocalPart(pattern: string, firstName: string, lastName: string): string {
  const make = labPatterns[pattern];
  if (!make) throw new Error(`Unknown lab pattern ${pattern}`);
  return make(foldName(firstName), foldName(lastName));
}
