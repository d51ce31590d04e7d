// Name parts as mail admins write them: accents folded, apostrophes dropped, hyphens and
// spaces joined; variants cover people known by one part of a compound name.

const particles = new Set([
  'van',
  'von',
  'der',
  'den',
  'de',
  'del',
  'della',
  'di',
  'da',
  'du',
  'dos',
  'das',
  'la',
  'le',
  'ter',
  'ten',
  'bin',
  'ben',
  'al',
  'el',
  'st',
  'mc',
]);

const specialLetters: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

export function foldAccents(text: string): string {
  return text
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => specialLetters[c] ?? c)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '');
}

// Letters mail systems spell more than one way: the main spelling (foldAccents), the other one,
// and the letter dropped (Søren → soren, soeren, sren).
const otherSpellings: Record<string, string> = {
  ø: 'oe',
  å: 'aa',
  æ: 'a',
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  ß: 'ss',
};
const spelledTwoWays = /[øåæäöüß]/g;

// The spellings of a name part, the main one first; one spelling for a name without such letters.
export function transliterations(part: string): string[] {
  const lower = part.normalize('NFC').toLowerCase();
  if (!lower.match(spelledTwoWays)) return [lower];
  return unique([
    lower,
    lower.replace(spelledTwoWays, (c) => otherSpellings[c] ?? c),
    lower.replace(spelledTwoWays, ''),
  ]);
}

// The words of a name part, folded: "Anne-Marie" → ["anne", "marie"], "O'Brien" → ["obrien"].
export function nameWords(part: string): string[] {
  return foldAccents(part)
    .replace(/['’`´]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export interface NameVariants {
  // The most likely spelling first.
  first: string[];
  last: string[];
}

export function nameVariants(firstName: string, lastName: string): NameVariants {
  const [firstMain = '', ...firstOthers] = transliterations(firstName);
  const [lastMain = '', ...lastOthers] = transliterations(lastName);
  const firstWords = nameWords(firstMain);
  const lastWords = nameWords(lastMain);
  const first = unique([
    firstWords.join(''),
    firstWords[0] ?? '',
    firstWords.join('-'),
    ...firstOthers.map((other) => nameWords(other).join('')),
  ]);
  const core = lastWords.filter((w) => !particles.has(w));
  const last = unique([
    lastWords.join(''),
    core.join(''),
    core[core.length - 1] ?? '',
    lastWords[0] ?? '',
    lastWords.join('-'),
    ...lastOthers.map((other) => nameWords(other).join('')),
  ]);
  return { first, last };
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter((v) => v.length > 0))];
}

// Whose an address is, as the pattern store keeps it: the folded name, main spelling.
export const ownerKey = (firstName: string, lastName: string): string =>
  `${nameWords(firstName).join('')} ${nameWords(lastName).join('')}`;
