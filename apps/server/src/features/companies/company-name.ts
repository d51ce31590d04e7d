// Legal forms carry no identity: "Acme Inc." and "ACME, LLC" are the same company to the
// name → domain resolver, which compares these normalised names (exactly, then by trigram).
const legalSuffixes = [
  'incorporated',
  'inc',
  'llc',
  'llp',
  'lp',
  'ltd',
  'limited',
  'plc',
  'corp',
  'corporation',
  'co',
  'company',
  'gmbh',
  'mbh',
  'ag',
  'kg',
  'kgaa',
  'se',
  'sa',
  'sas',
  'sarl',
  'sl',
  'spa',
  'srl',
  'bv',
  'nv',
  'oy',
  'oyj',
  'ab',
  'as',
  'asa',
  'aps',
  'pty',
  'pte',
  'pvt',
  'private',
  'kk',
  'sp',
  'zoo',
  'sro',
  'doo',
  'ltda',
  'sab',
  'cv',
  'de',
  'holding',
  'holdings',
  'group',
];
const suffixSet = new Set(legalSuffixes);

// Dotted forms first ("S.A.", "B.V.", "S.p.A."), so they read as one word once dots go.
function joinDottedInitials(text: string): string {
  return text.replace(/\b(?:[a-z]\.){2,}(?:[a-z]\b)?/g, (match) => match.replaceAll('.', ''));
}

export function normaliseCompanyName(name: string): string {
  const plain = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replaceAll('&', ' and ');
  const words = joinDottedInitials(plain)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((word) => word !== '');
  // Strip from the end only, and never the whole name: "The Limited" keeps a word.
  // A dangling "and" goes too: "Bosch GmbH & Co. KG".
  while (words.length > 1 && (suffixSet.has(words.at(-1)!) || words.at(-1) === 'and')) words.pop();
  if (words.length > 1 && words[0] === 'the') words.shift();
  return words.join(' ');
}

// The company page's address: "Café Müller & Co." → "cafe-muller-co". Empty for names
// without Latin letters or digits; the importer then falls back to the domain.
export function companySlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
