import type { CompanyFilters, CompanySearchAnswer } from '@mailhound/contracts';
import { and, asc, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/database.ts';
import { companyAnswer } from './company-info.ts';
import { companySearchConditions } from './filters.ts';
import { companies } from './schema.ts';

export type PageRequest = { page: number; perPage: number };

export function pageCount(totalItems: number, perPage: number): number {
  return Math.ceil(totalItems / perPage);
}

// One page of the Company Finder, in import order (stable from page to page).
export async function searchCompanies(
  db: Queryable,
  filters: CompanyFilters,
  { page, perPage }: PageRequest,
): Promise<CompanySearchAnswer> {
  const where = and(...companySearchConditions(filters));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(companies)
      .where(where)
      .orderBy(asc(companies.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ count: sql<number>`count(*)::int` }).from(companies).where(where),
  ]);
  const totalItems = total?.count ?? 0;
  return {
    items: rows.map(companyAnswer),
    currentPage: page,
    totalPages: pageCount(totalItems, perPage),
    totalItems,
  };
}
