import {
  type CompanySearchItem,
  companySizeBand,
  type DecisionMaker,
  type SimilarCompany,
} from '@mailhound/contracts';
import { and, asc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/database.ts';
import { companySlug } from './company-name.ts';
import { normaliseDomain } from './import-rows.ts';
import { industries, industryGroupOf } from './industries.ts';
import { maskEmail, maskPhone } from './masks.ts';
import { companies, people } from './schema.ts';

// The public company page's data (the company-info API).

export type CompanyRecord = typeof companies.$inferSelect;

export function companyAnswer(row: CompanyRecord): CompanySearchItem {
  return {
    companyName: row.name,
    slug: row.slug,
    website: row.domain,
    country: row.country,
    industry: row.industry,
    employees: companySizeBand(row.employees),
    foundedYear: row.foundedYear,
    revenue:
      row.revenueMin !== null && row.revenueMax !== null
        ? `${row.revenueMin},${row.revenueMax}`
        : null,
    instagramUrl: row.instagramUrl,
    facebookUrl: row.facebookUrl,
    twitterUrl: row.twitterUrl,
    linkedinUrl: row.linkedinUrl,
    logoUrl: row.logoUrl,
    description: row.description,
  };
}

// `name` is the company's slug, its domain ("acme-labs", "acme.com", "www.acme.com") or its
// name as written ("Acme Labs", product-spec §2 /company/{name}), which is its slug's source.
export async function findCompany(db: Queryable, name: string): Promise<CompanyRecord | undefined> {
  const key = name.trim().toLowerCase();
  const domain = normaliseDomain(key);
  const slugs = [...new Set([key, companySlug(name)].filter((slug) => slug !== ''))];
  const bySlug = inArray(companies.slug, slugs);
  const [row] = await db
    .select()
    .from(companies)
    .where(domain ? or(bySlug, eq(companies.domain, domain)) : bySlug)
    // A slug that is also another company's domain: the slug's own page wins; a domain wins
    // over the slug made from the text as a name.
    .orderBy(
      sql`${companies.slug} = ${key} desc`,
      sql`${companies.domain} is not distinct from ${domain} desc`,
    )
    .limit(1);
  return row;
}

export async function employeesStats(
  db: Queryable,
  companyId: number,
): Promise<Record<string, number>> {
  const rows = await db
    .select({ department: people.department, count: sql<number>`count(*)::int` })
    .from(people)
    .where(eq(people.companyId, companyId))
    .groupBy(people.department)
    .orderBy(sql`count(*) desc`, asc(people.department));
  return Object.fromEntries(rows.map((row) => [row.department, row.count]));
}

// Decision makers, most senior first.
export const decisionSeniorities = ['owner', 'c_level', 'vp', 'head', 'director'] as const;
const decisionMakersShown = 10;

export async function decisionMakers(
  db: Queryable,
  company: Pick<CompanyRecord, 'id' | 'domain'>,
): Promise<DecisionMaker[]> {
  const rank = sql`array_position(${sql.param([...decisionSeniorities])}::text[], ${people.seniority})`;
  const rows = await db
    .select({
      fname: people.fname,
      lname: people.lname,
      jobTitle: people.jobTitle,
      phone: people.phone,
    })
    .from(people)
    .where(
      and(eq(people.companyId, company.id), inArray(people.seniority, [...decisionSeniorities])),
    )
    .orderBy(rank, asc(people.id))
    .limit(decisionMakersShown);
  return rows.map((row) => ({
    jobTitle: row.jobTitle ?? '',
    email: maskEmail(row.fname, row.lname, company.domain),
    phone: maskPhone(row.phone),
  }));
}

const similarShown = 6;
// Size band boundaries (contracts' companySizeBands): width_bucket gives the band's index.
const bandEdges = sql.raw('array[11, 51, 201, 501, 1001, 5001, 10001]');

// Peers in the same industry group: the nearest size band first, then the same country,
// then the same industry.
export async function similarCompanies(
  db: Queryable,
  company: Pick<CompanyRecord, 'id' | 'industry' | 'country' | 'employees'>,
): Promise<SimilarCompany[]> {
  const group = company.industry ? industryGroupOf(company.industry) : undefined;
  const peers: SQL | undefined = group
    ? inArray(
        companies.industry,
        industries.filter((industry) => industry.group === group).map((industry) => industry.id),
      )
    : company.industry
      ? eq(companies.industry, company.industry)
      : company.country
        ? eq(companies.country, company.country)
        : undefined;
  if (!peers) return [];
  const band =
    company.employees === null
      ? sql`0`
      : sql`abs(width_bucket(${companies.employees}, ${bandEdges}) - width_bucket(${company.employees}::int, ${bandEdges}))`;
  return db
    .select({
      companyName: companies.name,
      slug: companies.slug,
      website: companies.domain,
      industry: companies.industry,
      country: companies.country,
    })
    .from(companies)
    .where(and(peers, ne(companies.id, company.id)))
    .orderBy(
      sql`${band} nulls last`,
      sql`${companies.country} is not distinct from ${company.country} desc`,
      sql`${companies.industry} is not distinct from ${company.industry} desc`,
      asc(companies.id),
    )
    .limit(similarShown);
}
