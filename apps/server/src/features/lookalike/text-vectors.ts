import { stopWords } from './stop-words.ts';

// TF-IDF vectors of company descriptions. A vector is sparse: its strongest terms with
// weights, L2-normalised, so the cosine of two vectors is their dot product.

export type SparseVector = { terms: string[]; weights: number[] };

// The terms a stored vector keeps; enough for descriptions of a few hundred words.
export const vectorTerms = 64;

// Raised whenever tokenising, stemming or weighting changes: stored vectors of another version
// are recomputed before the next look-alike search (vector-store.ts), so a query never meets
// terms cut the old way. 1 was plain TF-IDF with plural folding.
export const textPipelineVersion = 2;

// Plurals and the common verb and agent endings folded, so 'retailer', 'retailers',
// 'retailing' and 'retail' meet, and 'manufacturer' meets 'manufacturing'. Repeated until
// nothing changes ('engineers' → 'engineer' → 'engine' → 'engin', as 'engineering' does);
// a stem keeps at least four letters, so 'power' or 'mining' are left alone.
const suffixes: ReadonlyArray<[RegExp, string]> = [
  [/ization$/, 'ize'],
  [/isation$/, 'ize'],
  [/ation$/, 'ate'],
  [/ate$/, ''],
  [/ical$/, 'ic'],
  [/ment$/, ''],
  [/ing$/, ''],
  [/er$/, ''],
  [/or$/, ''],
  [/ed$/, ''],
];

function plural(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith('sses')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

function stripOnce(word: string): string {
  for (const [pattern, replacement] of suffixes) {
    if (!pattern.test(word)) continue;
    const next = word.replace(pattern, replacement);
    if (next.length >= 4) return next;
  }
  // 'shipping' → 'shipp' → 'ship'; 'manufacture' → 'manufactur' (as 'manufacturer' becomes).
  if (/([bdfgklmnprt])\1$/.test(word) && word.length > 4) return word.slice(0, -1);
  if (word.endsWith('e') && word.length > 4) return word.slice(0, -1);
  return word;
}

export function stem(word: string): string {
  let current = plural(word);
  for (let round = 0; round < 4; round++) {
    const next = stripOnce(current);
    if (next === current) break;
    current = next;
  }
  return current;
}

export function tokenize(text: string): string[] {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z]+/);
  const terms: string[] = [];
  for (const word of words) {
    if (word.length < 3 || stopWords.has(word) || stopWords.has(plural(word))) continue;
    const term = stem(word);
    if (!stopWords.has(term)) terms.push(term);
  }
  return terms;
}

// The words that say what a company is: a Wikipedia-style description opens with "X is a
// German multinational automotive manufacturer headquartered in …", so the first sentence
// from "is a" (or "was the", "is one of the") up to where the seat, the founding or a clause
// begins, at most twelve words. Empty when the description does not open that way.
export function definingPhrase(text: string): string {
  const sentence = /^(.*?[a-z0-9)\]]{2,}\.)\s+[A-Z]/s.exec(text)?.[1] ?? text;
  const opening = /\b(?:is|was|are|were)\s+(?:an?|the|one\s+of\s+the)\s+(.*)$/s.exec(sentence);
  if (!opening) return '';
  const phrase = opening[1]!.split(
    /\b(?:headquartered|based|located|founded|that|which|whose|with|in|since)\b|[,;(]/,
  )[0]!;
  return phrase.trim().split(/\s+/).slice(0, 12).join(' ');
}

// Each term of the defining phrase counts this many times more (measured on the bench's
// Wikipedia set: 4 lifts text-alone precision@10 by about 0.04; 8 or 16 do no better).
export const definingPhraseBoost = 4;

export function termCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of tokenize(text)) counts.set(term, (counts.get(term) ?? 0) + 1);
  for (const term of new Set(tokenize(definingPhrase(text)))) {
    counts.set(term, (counts.get(term) ?? 0) + definingPhraseBoost);
  }
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

// The list's vectors summed (Rocchio's centroid), each term weighted again by the share of
// the list that has it, then normalised: what the members have in common leads, and a rare
// word of one member (its founder's name, its home town) does not pull the whole query.
export function centroid(vectors: readonly SparseVector[], limit = vectorTerms * 2): SparseVector {
  const sums = new Map<string, number>();
  const members = new Map<string, number>();
  for (const vector of vectors) {
    vector.terms.forEach((term, index) => {
      sums.set(term, (sums.get(term) ?? 0) + (vector.weights[index] ?? 0));
      members.set(term, (members.get(term) ?? 0) + 1);
    });
  }
  const size = Math.max(1, vectors.length);
  return normalised(
    [...sums].map(([term, sum]) => [term, (sum * (members.get(term) ?? 0)) / size]),
    limit,
  );
}
