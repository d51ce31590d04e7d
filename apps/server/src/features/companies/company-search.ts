import {
  type CompanyFilters,
  type CompanySearchAnswer,
  SEARCH_TOTAL_CAP,
} from '@mailhound/contracts';
import { and, asc, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/database.ts';
import { companyAnswer } from './company-info.ts';
import { companySearchConditions } from './filters.ts';
import { companies } from './schema.ts';

export type PageRequest = { page: number; perPage: number };

export function pageCount(totalItems: number, perPage: number): number {
  return Math.ceil(totalItems / perPage);
}

// Pages past the counted matches are empty without asking the database.
export function pageInReach({ page, perPage }: PageRequest): boolean {
  return (page - 1) * perPage < SEARCH_TOTAL_CAP;
}

export const matchCount = sql<number>`count(*)::int`;

// One page of the Company Finder, in import order (stable from page to page).
export async function searchCompanies(
  db: Queryable,
  filters: CompanyFilters,
  { page, perPage }: PageRequest,
): Promise<CompanySearchAnswer> {
  const where = and(...companySearchConditions(filters));
  const [rows, [total]] = await Promise.all([
    pageInReach({ page, perPage })
      ? db
          .select()
          .from(companies)
          .where(where)
          .orderBy(asc(companies.id))
          .limit(perPage)
          .offset((page - 1) * perPage)
      : [],
    // Counted up to SEARCH_TOTAL_CAP: the count stops there instead of visiting every match.
    db
      .select({ count: matchCount })
      .from(
        db
          .select({ id: companies.id })
          .from(companies)
          .where(where)
          .limit(SEARCH_TOTAL_CAP)
          .as('matches'),
      ),
  ]);
  const totalItems = total?.count ?? 0;
  return {
    items: rows.map(companyAnswer),
    currentPage: page,
    totalPages: pageCount(totalItems, perPage),
    totalItems,
  };
}
