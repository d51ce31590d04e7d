import { sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/database.ts';
import { companySlug, normaliseCompanyName } from './company-name.ts';
import type { CompanyRow, PersonRow } from './import-rows.ts';

// Batched upserts for the importer and the demo seed. One statement per batch: the rows
// travel as one array per column and `unnest` turns them back into rows, so a batch of
// thousands costs one round trip and a handful of parameters (sql.param: drizzle would spread
// a bare array into a list).

export type UpsertCount = { inserted: number; updated: number };

type Counted = { inserted: boolean };

function countOf(rows: Counted[]): UpsertCount {
  const inserted = rows.filter((row) => row.inserted).length;
  return { inserted, updated: rows.length - inserted };
}

// The last row of a domain wins, as if the rows had been written one after the other
// (ON CONFLICT cannot touch one row twice in a statement).
function lastPerKey<T>(rows: readonly T[], key: (row: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const row of rows) {
    const id = key(row);
    byKey.delete(id);
    byKey.set(id, row);
  }
  return [...byKey.values()];
}

// Slugs for the batch's companies: an existing company keeps its own (links stay valid
// when it is renamed); a new one gets its name's slug, or name and domain when taken.
async function slugsFor(db: Queryable, rows: readonly CompanyRow[]): Promise<string[]> {
  const candidates = rows.map((row) => {
    const base = companySlug(row.name) || companySlug(row.domain);
    const withDomain = `${base}-${companySlug(row.domain)}`;
    return [base, withDomain, `${withDomain}-2`, `${withDomain}-3`];
  });
  const taken = await db.execute<{ slug: string; domain: string }>(
    sql`select slug, domain from companies
        where domain = any(${sql.param(rows.map((row) => row.domain))}::text[])
           or slug = any(${sql.param(candidates.flat())}::text[])`,
  );
  const slugOfDomain = new Map(taken.rows.map((row) => [row.domain, row.slug]));
  const used = new Set(taken.rows.map((row) => row.slug));
  return rows.map((row, index) => {
    const own = slugOfDomain.get(row.domain);
    if (own) return own;
    const options = candidates[index]!;
    // Past the candidates looked up a clash is all but impossible; the unique index would
    // still refuse it, and the importer reports that row.
    const slug = options.find((option) => !used.has(option)) ?? `${options[1]}-${index + 4}`;
    used.add(slug);
    return slug;
  });
}

// Inserts new companies and updates known ones by domain. A blank optional field never
// erases what an earlier import knew.
export async function upsertCompanies(
  db: Queryable,
  batch: readonly CompanyRow[],
): Promise<UpsertCount> {
  const rows = lastPerKey(batch, (row) => row.domain);
  if (rows.length === 0) return { inserted: 0, updated: 0 };
  const slugs = await slugsFor(db, rows);
  const column = <K extends keyof CompanyRow>(key: K) => rows.map((row) => row[key]);
  // A company written again hands its filter columns on to its people's copies in the same
  // statement (only the rows whose copies change are touched).
  const result = await db.execute<Counted>(sql`
    with written as (
    insert into companies (slug, name, name_normalised, domain, country, industry,
      source_industry, employees,
      founded_year, revenue_min, revenue_max, linkedin_url, twitter_url, facebook_url,
      instagram_url, logo_url, description)
    select * from unnest(
      ${sql.param(slugs)}::text[], ${sql.param(column('name'))}::text[],
      ${sql.param(rows.map((row) => normaliseCompanyName(row.name)))}::text[],
      ${sql.param(column('domain'))}::text[], ${sql.param(column('country'))}::text[], ${sql.param(column('industry'))}::text[],
      ${sql.param(column('sourceIndustry'))}::text[], ${sql.param(column('employees'))}::int[], ${sql.param(column('foundedYear'))}::int[],
      ${sql.param(column('revenueMin'))}::bigint[], ${sql.param(column('revenueMax'))}::bigint[],
      ${sql.param(column('linkedinUrl'))}::text[], ${sql.param(column('twitterUrl'))}::text[],
      ${sql.param(column('facebookUrl'))}::text[], ${sql.param(column('instagramUrl'))}::text[],
      ${sql.param(column('logoUrl'))}::text[], ${sql.param(column('description'))}::text[])
    on conflict (domain) do update set
      name = excluded.name,
      name_normalised = excluded.name_normalised,
      country = coalesce(excluded.country, companies.country),
      industry = coalesce(excluded.industry, companies.industry),
      source_industry = coalesce(excluded.source_industry, companies.source_industry),
      employees = coalesce(excluded.employees, companies.employees),
      founded_year = coalesce(excluded.founded_year, companies.founded_year),
      revenue_min = coalesce(excluded.revenue_min, companies.revenue_min),
      revenue_max = coalesce(excluded.revenue_max, companies.revenue_max),
      linkedin_url = coalesce(excluded.linkedin_url, companies.linkedin_url),
      twitter_url = coalesce(excluded.twitter_url, companies.twitter_url),
      facebook_url = coalesce(excluded.facebook_url, companies.facebook_url),
      instagram_url = coalesce(excluded.instagram_url, companies.instagram_url),
      logo_url = coalesce(excluded.logo_url, companies.logo_url),
      description = coalesce(excluded.description, companies.description),
      updated_at = now()
    returning id, industry, country, employees, founded_year, (xmax = 0) as inserted),
    copied as (
      update people set company_industry = written.industry, company_country = written.country,
        company_employees = written.employees, company_founded_year = written.founded_year
      from written
      where people.company_id = written.id and not written.inserted
        and (people.company_industry, people.company_country, people.company_employees,
             people.company_founded_year)
          is distinct from (written.industry, written.country, written.employees,
                            written.founded_year))
    select inserted from written`);
  return countOf(result.rows);
}

// Company ids of the given domains; a domain missing from the result is not in the database.
export async function companyIdsByDomain(
  db: Queryable,
  domains: readonly string[],
): Promise<Map<string, number>> {
  const unique = [...new Set(domains)];
  if (unique.length === 0) return new Map();
  const result = await db.execute<{ id: string; domain: string }>(
    sql`select id, domain from companies where domain = any(${sql.param(unique)}::text[])`,
  );
  return new Map(result.rows.map((row) => [row.domain, Number(row.id)]));
}

export type PersonWithCompany = PersonRow & { companyId: number };

// People are one per company, name and title: importing them again updates them.
export async function upsertPeople(
  db: Queryable,
  batch: readonly PersonWithCompany[],
): Promise<UpsertCount> {
  const rows = lastPerKey(batch, (row) =>
    JSON.stringify([row.companyId, row.firstName, row.lastName, row.jobTitle]),
  );
  if (rows.length === 0) return { inserted: 0, updated: 0 };
  const column = <K extends keyof PersonWithCompany>(key: K) => rows.map((row) => row[key]);
  const result = await db.execute<Counted>(sql`
    insert into people (company_id, fname, lname, job_title, department, seniority, location,
      linkedin_url, phone, company_industry, company_country, company_employees,
      company_founded_year)
    -- The company's filter columns copied (a left join: an unknown company still meets the
    -- foreign key's refusal).
    select incoming.company_id, incoming.fname, incoming.lname, incoming.job_title, incoming.department, incoming.seniority,
      incoming.location, incoming.linkedin_url, incoming.phone, companies.industry, companies.country, companies.employees,
      companies.founded_year
    from unnest(
      ${sql.param(column('companyId'))}::bigint[], ${sql.param(column('firstName'))}::text[],
      ${sql.param(column('lastName'))}::text[], ${sql.param(column('jobTitle'))}::text[],
      ${sql.param(column('department'))}::text[], ${sql.param(column('seniority'))}::text[],
      ${sql.param(column('location'))}::text[], ${sql.param(column('linkedinUrl'))}::text[], ${sql.param(column('phone'))}::text[])
      with ordinality as incoming(company_id, fname, lname, job_title, department, seniority,
        location, linkedin_url, phone, position)
    left join companies on companies.id = incoming.company_id
    -- Ids in the batch's order, whatever the join's.
    order by incoming.position
    on conflict on constraint people_identity do update set
      department = excluded.department,
      seniority = excluded.seniority,
      location = coalesce(excluded.location, people.location),
      linkedin_url = coalesce(excluded.linkedin_url, people.linkedin_url),
      phone = coalesce(excluded.phone, people.phone),
      company_industry = excluded.company_industry,
      company_country = excluded.company_country,
      company_employees = excluded.company_employees,
      company_founded_year = excluded.company_founded_year,
      updated_at = now()
    returning (xmax = 0) as inserted`);
  return countOf(result.rows);
}
