import { industryLabel, type SimilarityReason } from '@mailhound/contracts';
import { industryGroupOf } from '../companies/index.ts';
import { bandLabel, foundedCloseness, sizeBand, sizeCloseness } from './firmographics.ts';
import { regionOf } from './regions.ts';
import { centroid, cosine, type SparseVector, stem } from './text-vectors.ts';

// The look-alike score of a company against an uploaded list: the weighted mean of features,
// each between 0 and 1, so the score is too. Pure: the job and the bench feed it rows.

export type CompanyFeatures = {
  id: number;
  // The source's own industry name (finer than the product's list), as the import gave it.
  sourceIndustry: string | null;
  industry: string | null;
  country: string | null;
  employees: number | null;
  foundedYear: number | null;
  vector: SparseVector;
};

export type Weights = {
  text: number;
  sourceIndustry: number;
  industry: number;
  industryGroup: number;
  size: number;
  country: number;
  region: number;
  founded: number;
};

// Tuned on the Wikipedia dev set's peer groups (bench:lookalike): the country says little
// about whether two companies do the same thing, so it only breaks ties. The industry is a
// ladder: the source's own name for it (finest, when the import gave one), the product's
// industry, its group. The source's name counts a third of the product industry, enough to
// rank its companies first among near-equal descriptions but not above a much closer one: a
// source writes "retail" for one retailer and "retailing" for the next.
export const engineWeights: Weights = {
  text: 0.5,
  sourceIndustry: 0.1,
  industry: 0.3,
  industryGroup: 0.05,
  size: 0.06,
  country: 0.02,
  region: 0.01,
  founded: 0.06,
};

// The bench's baselines: the description alone, the engine without the source's industry
// names (the product's list only), and the engine without any industry field.
export const textOnlyWeights: Weights = {
  text: 1,
  sourceIndustry: 0,
  industry: 0,
  industryGroup: 0,
  size: 0,
  country: 0,
  region: 0,
  founded: 0,
};

export const withoutSourceIndustryWeights: Weights = { ...engineWeights, sourceIndustry: 0 };

export const withoutIndustryWeights: Weights = {
  ...engineWeights,
  sourceIndustry: 0,
  industry: 0,
  industryGroup: 0,
};

// A company counts in a result's totalCount from this score up.
export const similarityThreshold = 0.3;

export type ListProfile = {
  size: number;
  sourceIndustries: Map<string, number>;
  industries: Map<string, number>;
  groups: Map<string, number>;
  countries: Map<string, number>;
  regions: Map<string, number>;
  bands: number[];
  years: number[];
  text: SparseVector;
};

function shares(values: ReadonlyArray<string | null | undefined>, size: number) {
  const counts = new Map<string, number>();
  for (const value of values) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  for (const [key, count] of counts) counts.set(key, count / size);
  return counts;
}

export function listProfile(list: readonly CompanyFeatures[]): ListProfile {
  const size = Math.max(1, list.length);
  return {
    size,
    sourceIndustries: shares(
      list.map((company) => company.sourceIndustry),
      size,
    ),
    industries: shares(
      list.map((company) => company.industry),
      size,
    ),
    groups: shares(
      list.map((company) => (company.industry ? industryGroupOf(company.industry) : null)),
      size,
    ),
    countries: shares(
      list.map((company) => company.country?.toLowerCase()),
      size,
    ),
    regions: shares(
      list.map((company) => regionOf(company.country)),
      size,
    ),
    bands: list.flatMap((company) => {
      const band = sizeBand(company.employees);
      return band === null ? [] : [band];
    }),
    years: list.flatMap((company) => (company.foundedYear === null ? [] : [company.foundedYear])),
    text: centroid(list.map((company) => company.vector)),
  };
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

export type FeatureScores = Record<keyof Weights, number>;

export function featureScores(profile: ListProfile, company: CompanyFeatures): FeatureScores {
  const band = sizeBand(company.employees);
  const group = company.industry ? industryGroupOf(company.industry) : undefined;
  return {
    text: cosine(profile.text, company.vector),
    sourceIndustry: company.sourceIndustry
      ? (profile.sourceIndustries.get(company.sourceIndustry) ?? 0)
      : 0,
    industry: company.industry ? (profile.industries.get(company.industry) ?? 0) : 0,
    industryGroup: group ? (profile.groups.get(group) ?? 0) : 0,
    size: mean(profile.bands.map((seed) => sizeCloseness(seed, band))),
    country: company.country ? (profile.countries.get(company.country.toLowerCase()) ?? 0) : 0,
    region: profile.regions.get(regionOf(company.country) ?? '') ?? 0,
    founded: mean(profile.years.map((seed) => foundedCloseness(seed, company.foundedYear))),
  };
}

export function similarity(
  profile: ListProfile,
  company: CompanyFeatures,
  weights: Weights = engineWeights,
): number {
  const scores = featureScores(profile, company);
  let total = 0;
  let weightSum = 0;
  for (const key of Object.keys(weights) as Array<keyof Weights>) {
    total += weights[key] * scores[key];
    weightSum += weights[key];
  }
  return weightSum === 0 ? 0 : total / weightSum;
}

export type Ranked = { companyId: number; score: number };

// Every candidate but the list's own companies, best first (ties by id, so runs agree).
export function rankCandidates(
  list: readonly CompanyFeatures[],
  candidates: Iterable<CompanyFeatures>,
  weights: Weights = engineWeights,
): Ranked[] {
  const profile = listProfile(list);
  const own = new Set(list.map((company) => company.id));
  const ranked: Ranked[] = [];
  for (const company of candidates) {
    if (own.has(company.id)) continue;
    ranked.push({ companyId: company.id, score: similarity(profile, company, weights) });
  }
  return ranked.sort((a, b) => b.score - a.score || a.companyId - b.companyId);
}

// Shared description terms shown at most.
const reasonTerms = 3;

// The words of a description by their term, the first spelling seen ('robotics' for 'robot').
function spellings(description: string | null): Map<string, string> {
  const words = new Map<string, string>();
  for (const word of (description ?? '').toLowerCase().split(/[^a-z]+/)) {
    if (word.length < 3) continue;
    const term = stem(word);
    if (!words.has(term)) words.set(term, word);
  }
  return words;
}

// Why a candidate ranks: what it has in common with the list's companies, read off the same
// profile the score is computed from (so it never names what the score did not count). The
// description terms are those both the list's centroid and the company's vector carry, the
// weightiest first, spelt as the company's description spells them.
export function similarityReasons(
  profile: ListProfile,
  company: CompanyFeatures,
  description: string | null = null,
): SimilarityReason[] {
  const reasons: SimilarityReason[] = [];
  if (company.industry && profile.industries.has(company.industry)) {
    reasons.push({ kind: 'industry', label: industryLabel(company.industry) });
  } else if (company.sourceIndustry && profile.sourceIndustries.has(company.sourceIndustry)) {
    reasons.push({ kind: 'industry', label: company.sourceIndustry });
  }
  const band = sizeBand(company.employees);
  if (band !== null && profile.bands.includes(band)) {
    reasons.push({ kind: 'size', label: bandLabel(band) });
  }
  const region = regionOf(company.country);
  if (company.country && profile.countries.has(company.country.toLowerCase())) {
    reasons.push({ kind: 'country', label: company.country });
  } else if (region && profile.regions.has(region)) {
    // 'western_europe' reads 'Western Europe', as industry ids do.
    reasons.push({ kind: 'region', label: industryLabel(region) });
  }
  if (company.foundedYear !== null) {
    const decade = Math.floor(company.foundedYear / 10) * 10;
    if (profile.years.some((year) => Math.floor(year / 10) * 10 === decade)) {
      reasons.push({ kind: 'founded', label: `Founded in the ${decade}s` });
    }
  }
  const listWeights = new Map(
    profile.text.terms.map((term, i) => [term, profile.text.weights[i]!]),
  );
  const shared = company.vector.terms
    .map((term, i) => ({ term, weight: (listWeights.get(term) ?? 0) * company.vector.weights[i]! }))
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.term.localeCompare(b.term))
    .slice(0, reasonTerms);
  if (shared.length > 0) {
    const words = spellings(description);
    reasons.push({
      kind: 'terms',
      label: shared.map((entry) => words.get(entry.term) ?? entry.term).join(', '),
    });
  }
  return reasons;
}
