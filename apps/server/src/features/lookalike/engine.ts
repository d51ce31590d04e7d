import { sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/database.ts';
import {
  type CompanyFeatures,
  engineWeights,
  listProfile,
  type Ranked,
  rankCandidates,
  similarityThreshold,
  type Weights,
} from './similarity.ts';

// Ranking over the whole company database without scoring every row: the candidates are the
// companies of the list's industries (the product's and the source's own names) and those sharing one of the list's strongest (so rare)
// description terms, through the terms' GIN index; each is then scored exactly. A company
// outside both sets can only score on size, country and age, below the threshold.

// Terms of the list's centroid used to find candidates.
const candidateTerms = 12;
// At most this many candidates from each source.
const candidateCap = 25_000;
// Result rows kept per request (the preview needs far fewer).
export const keptResults = 1000;

type FeatureRow = {
  id: number;
  source_industry: string | null;
  industry: string | null;
  country: string | null;
  employees: number | null;
  founded_year: number | null;
  terms: string[] | null;
  weights: number[] | null;
};

function toFeatures(row: FeatureRow): CompanyFeatures {
  return {
    id: Number(row.id),
    sourceIndustry: row.source_industry,
    industry: row.industry,
    country: row.country,
    employees: row.employees,
    foundedYear: row.founded_year,
    vector: { terms: row.terms ?? [], weights: (row.weights ?? []).map(Number) },
  };
}

const featureColumns = sql`c.id::int as id, c.source_industry, c.industry, c.country, c.employees, c.founded_year,
  v.terms, v.weights`;

export async function readFeatures(db: Queryable, ids: readonly number[]) {
  const result = await db.execute<FeatureRow>(sql`
    select ${featureColumns} from companies c
    left join company_vectors v on v.company_id = c.id
    where c.id = any(${sql.param([...ids])}::bigint[])`);
  return result.rows.map(toFeatures);
}

export type LookalikeResult = { ranked: Ranked[]; totalCount: number };

export async function findLookalikes(
  db: Queryable,
  listIds: readonly number[],
  options: { weights?: Weights; keep?: number } = {},
): Promise<LookalikeResult> {
  const list = await readFeatures(db, listIds);
  const profile = listProfile(list);
  const weights = options.weights ?? engineWeights;
  // Without the industry features the industry must not pick the candidates either.
  const industries =
    weights.industry > 0 || weights.industryGroup > 0 ? [...profile.industries.keys()] : [];
  const sourceIndustries = weights.sourceIndustry > 0 ? [...profile.sourceIndustries.keys()] : [];
  const terms = profile.text.terms.slice(0, candidateTerms);
  const candidates = await db.execute<FeatureRow>(sql`
    with candidate as (
      (select id from companies where industry = any(${sql.param(industries)}::text[])
        limit ${candidateCap})
      union
      (select id from companies
        where source_industry = any(${sql.param(sourceIndustries)}::text[]) limit ${candidateCap})
      union
      (select company_id from company_vectors where terms && ${sql.param(terms)}::text[]
        limit ${candidateCap})
    )
    select ${featureColumns} from candidate k
    join companies c on c.id = k.id
    left join company_vectors v on v.company_id = c.id`);
  const ranked = rankCandidates(list, candidates.rows.map(toFeatures), weights);
  return {
    ranked: ranked.slice(0, options.keep ?? keptResults),
    totalCount: ranked.filter((entry) => entry.score >= similarityThreshold).length,
  };
}
