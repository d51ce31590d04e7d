// TF-IDF vectors of company descriptions. A vector is sparse: its strongest terms with
// weights, L2-normalised, so the cosine of two vectors is their dot product.

export type SparseVector = { terms: string[]; weights: number[] };

// The terms a stored vector keeps; enough for descriptions of a few hundred words.
export const vectorTerms = 64;

const stopWords = new Set(
  `about above after again against all also although among and any are around because been
  before being below between both but can could did does doing down during each either else
  ever every few for from further had has have having her here hers him his how however into
  its itself just later like made make many may more most much must near neither nor not now
  off once one only other others our ours out over own per same several she should since some
  still such than that the their theirs them then there these they this those though through
  thus till too under until upon very via was were what when where whether which while who
  whom whose why will with within without would yet you your known called including include
  includes based well first second new use used company companies firm group corporation
  limited inc ltd plc llc founded headquartered headquarters largest large world worldwide
  global globally international country countries operates operating operations business
  businesses services service products product brand brands subsidiary subsidiaries parent
  owned publicly listed traded stock exchange employees employs year years million billion
  number part name became become later since currently today biggest major leading leader`.split(
    /\s+/,
  ),
);

// Plurals and a few common suffixes folded, so 'banks' and 'bank' meet.
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith('sses')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

export function tokenize(text: string): string[] {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z]+/);
  const terms: string[] = [];
  for (const word of words) {
    if (word.length < 3 || stopWords.has(word)) continue;
    const term = stem(word);
    if (!stopWords.has(term)) terms.push(term);
  }
  return terms;
}

export function termCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of tokenize(text)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

// Inverse document frequency, smoothed; a term in every document weighs close to nothing.
export function idf(documentFrequency: number, documents: number): number {
  return Math.log((documents + 1) / (documentFrequency + 1));
}

function normalised(entries: Array<[string, number]>, limit: number): SparseVector {
  const top = entries
    .filter(([, weight]) => weight > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit);
  const norm = Math.sqrt(top.reduce((sum, [, weight]) => sum + weight * weight, 0));
  if (norm === 0) return { terms: [], weights: [] };
  return {
    terms: top.map(([term]) => term),
    weights: top.map(([, weight]) => weight / norm),
  };
}

// Sublinear tf times idf. Terms found in this document only (df below 2) cannot make it
// similar to any other, so they do not take a place among the kept terms.
export function tfidfVector(
  counts: ReadonlyMap<string, number>,
  documentFrequency: (term: string) => number,
  documents: number,
  limit = vectorTerms,
): SparseVector {
  const entries: Array<[string, number]> = [];
  for (const [term, count] of counts) {
    const df = documentFrequency(term);
    if (df < 2) continue;
    entries.push([term, (1 + Math.log(count)) * idf(df, documents)]);
  }
  return normalised(entries, limit);
}

export function cosine(a: SparseVector, b: SparseVector): number {
  if (a.terms.length === 0 || b.terms.length === 0) return 0;
  const weights = new Map<string, number>();
  a.terms.forEach((term, index) => {
    weights.set(term, a.weights[index] ?? 0);
  });
  let dot = 0;
  b.terms.forEach((term, index) => {
    const weight = weights.get(term);
    if (weight !== undefined) dot += weight * (b.weights[index] ?? 0);
  });
  return dot;
}

// The mean of the list's vectors (Rocchio's centroid), normalised again.
export function centroid(vectors: readonly SparseVector[], limit = vectorTerms * 2): SparseVector {
  const sums = new Map<string, number>();
  for (const vector of vectors) {
    vector.terms.forEach((term, index) => {
      sums.set(term, (sums.get(term) ?? 0) + (vector.weights[index] ?? 0));
    });
  }
  return normalised([...sums], limit);
}
