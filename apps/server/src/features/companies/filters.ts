import {
  type CompanyFilters,
  checkFilterSearch,
  companyFiltersSchema,
  companySizeBands,
  revenueBands,
} from '@mailhound/contracts';
import { and, gte, isNull, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from '../../platform/errors.ts';
import { containsPattern } from '../../platform/paging.ts';
import { normaliseCompanyName } from './company-name.ts';
import { isIndustryId } from './industries.ts';
import { companies, people } from './schema.ts';

// The Company and Lead Finders' filters: each one a query parameter holding JSON (contracts'
// filtersToQuery), checked with the contracts' schema and the §5 filter search rules, then
// turned into SQL conditions on companies and people.

const filterKeys = Object.keys(companyFiltersSchema.shape) as (keyof CompanyFilters)[];

type Query = Record<string, unknown>;

// The filters of a request's query string, or a 400 saying what is wrong with them.
export function parseFilterQuery(query: Query): CompanyFilters {
  const raw: Record<string, unknown> = {};
  for (const key of filterKeys) {
    const value = query[key];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw badRequest(`${key} must be given once`);
    try {
      raw[key] = JSON.parse(value);
    } catch {
      throw badRequest(`${key} is not valid JSON`);
    }
  }
  const parsed = companyFiltersSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') ?? '';
    // The schema's texts are the spec's ("Company name must be at least 2 characters").
    throw badRequest(
      issue?.message.startsWith('Invalid')
        ? `${where}: ${issue.message}`
        : (issue?.message ?? 'Invalid filters'),
    );
  }
  const filters = parsed.data;
  const unknown = (values: readonly string[] | undefined, known: (value: string) => boolean) =>
    values?.find((value) => !known(value));
  const industry = unknown(filters.industry, isIndustryId);
  if (industry !== undefined) throw badRequest(`Unknown industry: ${industry}`);
  const size = unknown(filters.employees, (value) => companySizeBands.some((b) => b.id === value));
  if (size !== undefined) throw badRequest(`Unknown company size: ${size}`);
  const revenue = unknown(filters.revenue, (value) => revenueBands.some((b) => b.id === value));
  if (revenue !== undefined) throw badRequest(`Unknown revenue range: ${revenue}`);
  const refusal = checkFilterSearch(filters);
  if (refusal !== null) throw badRequest(refusal);
  return filters;
}

function anyValue(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} = any(${sql.param(values)}::text[])`;
}

function anyOf(conditions: (SQL | undefined)[]): SQL | undefined {
  return conditions.length > 0 ? or(...conditions) : undefined;
}

// The company columns the firmographic filters read: the companies table's own, or their
// copies on people.
type FirmographicColumns = {
  industry: typeof companies.industry | typeof people.companyIndustry;
  country: typeof companies.country | typeof people.companyCountry;
  employees: typeof companies.employees | typeof people.companyEmployees;
  foundedYear: typeof companies.foundedYear | typeof people.companyFoundedYear;
};

const companyColumns: FirmographicColumns = companies;
const personCopyColumns: FirmographicColumns = {
  industry: people.companyIndustry,
  country: people.companyCountry,
  employees: people.companyEmployees,
  foundedYear: people.companyFoundedYear,
};

// Industry, locations, size and founded year.
function firmographicConditions(filters: CompanyFilters, columns: FirmographicColumns): SQL[] {
  const conditions: (SQL | undefined)[] = [];
  if (filters.industry?.length) conditions.push(anyValue(columns.industry, filters.industry));
  if (filters.locations?.length) conditions.push(anyValue(columns.country, filters.locations));
  if (filters.exclude?.length) {
    conditions.push(or(isNull(columns.country), notInArray(columns.country, filters.exclude)));
  }
  if (filters.employees?.length) {
    const bands = companySizeBands.filter((band) => filters.employees?.includes(band.id));
    conditions.push(
      anyOf(
        bands.map((band) =>
          band.max === null
            ? gte(columns.employees, band.min)
            : and(gte(columns.employees, band.min), lte(columns.employees, band.max)),
        ),
      ),
    );
  }
  if (filters.years?.from !== undefined) {
    conditions.push(gte(columns.foundedYear, filters.years.from));
  }
  if (filters.years?.to !== undefined) conditions.push(lte(columns.foundedYear, filters.years.to));
  return conditions.filter((condition) => condition !== undefined);
}

// Company name and revenue: only on the companies table.
function companyOnlyConditions(filters: CompanyFilters): SQL[] {
  const conditions: (SQL | undefined)[] = [];
  if (filters.companyName?.length) {
    const names = filters.companyName.map(normaliseCompanyName).filter((name) => name !== '');
    // Names that normalise to nothing ("Inc.") match nothing rather than everything.
    conditions.push(
      names.length > 0
        ? anyOf(names.map((name) => sql`${companies.nameNormalised} like ${containsPattern(name)}`))
        : sql`false`,
    );
  }
  if (filters.revenue?.length) {
    // A company matches a band its own revenue range overlaps.
    const bands = revenueBands.filter((band) => filters.revenue?.includes(band.id));
    conditions.push(
      anyOf(
        bands.map((band) =>
          band.max === null
            ? sql`${companies.revenueMax} > ${band.min}`
            : sql`(${companies.revenueMax} > ${band.min} and ${companies.revenueMin} < ${band.max})`,
        ),
      ),
    );
  }
  return conditions.filter((condition) => condition !== undefined);
}

// Conditions on the companies table.
export function companyConditions(filters: CompanyFilters): SQL[] {
  return [...companyOnlyConditions(filters), ...firmographicConditions(filters, companyColumns)];
}

// Conditions on the people table (job title, department, seniority).
export function personConditions(filters: CompanyFilters): SQL[] {
  const conditions: (SQL | undefined)[] = [];
  if (filters.jobTitle?.length) {
    conditions.push(
      anyOf(
        filters.jobTitle.map((title) => sql`${people.jobTitle} ilike ${containsPattern(title)}`),
      ),
    );
  }
  // `= any(array)` rather than `in (…)`: a single value would become an equality the planner
  // checks after the job title's ILIKE; this way the cheap checks run first.
  if (filters.department?.length) conditions.push(anyValue(people.department, filters.department));
  if (filters.seniority?.length) conditions.push(anyValue(people.seniority, filters.seniority));
  return conditions.filter((condition) => condition !== undefined);
}

// The Lead Finder's conditions on the people table alone: the company filters read the
// people's copies; name and revenue pick the company ids.
export function leadConditions(filters: CompanyFilters): SQL[] {
  const conditions = [
    ...firmographicConditions(filters, personCopyColumns),
    ...personConditions(filters),
  ];
  const companyOnly = companyOnlyConditions(filters);
  if (companyOnly.length > 0) {
    conditions.push(
      sql`${people.companyId} in (select ${companies.id} from ${companies} where ${and(...companyOnly)})`,
    );
  }
  return conditions;
}

// The Company Finder with person filters: companies that employ such a person.
export function companySearchConditions(filters: CompanyFilters): SQL[] {
  const conditions = companyConditions(filters);
  const personal = personConditions(filters);
  if (personal.length > 0) {
    // The people's copies of the company filters narrow the people first, through the
    // composite indexes on people.
    const narrowed = [...personal, ...firmographicConditions(filters, personCopyColumns)];
    conditions.push(
      sql`${companies.id} in (select ${people.companyId} from ${people} where ${and(...narrowed)})`,
    );
  }
  return conditions;
}

// One text per set of filters, whatever the order of keys and values: the same search
// asked twice is the same search.
export function canonicalFilters(filters: CompanyFilters): string {
  const entries = filterKeys
    .filter((key) => filters[key] !== undefined)
    .map((key) => {
      const value = filters[key];
      return [key, Array.isArray(value) ? [...value].sort() : value] as const;
    });
  return JSON.stringify(entries);
}
