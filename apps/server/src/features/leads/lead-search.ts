import { type CompanyFilters, type LeadItem, SEARCH_TOTAL_CAP } from '@mailhound/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/database.ts';
import {
  leadConditions,
  matchCount,
  type PageRequest,
  pageCount,
  pageInReach,
} from '../companies/index.ts';
import { companies, people } from '../companies/schema.ts';

export type LeadPage = {
  items: LeadItem[];
  currentPage: number;
  totalPages: number;
  totalItems: number;
};

// One page of the Lead Finder: people matching the person filters at companies matching the
// company filters, in import order (stable from page to page). The filters read people alone
// (their copies of the company columns); the page's ten rows then join their companies.
export async function searchLeads(
  db: Queryable,
  filters: CompanyFilters,
  { page, perPage }: PageRequest,
): Promise<LeadPage> {
  const where = and(...leadConditions(filters));
  const [rows, [total]] = await Promise.all([
    pageInReach({ page, perPage })
      ? db
          .select({
            id: people.id,
            fname: people.fname,
            lname: people.lname,
            jobTitle: people.jobTitle,
            department: people.department,
            seniority: people.seniority,
            location: people.location,
            linkedinUrl: people.linkedinUrl,
            companyName: companies.name,
            companySlug: companies.slug,
            website: companies.domain,
          })
          .from(people)
          .innerJoin(companies, eq(companies.id, people.companyId))
          .where(where)
          .orderBy(asc(people.id))
          .limit(perPage)
          .offset((page - 1) * perPage)
      : [],
    db
      .select({ count: matchCount })
      .from(
        db
          .select({ id: people.id })
          .from(people)
          .where(where)
          .limit(SEARCH_TOTAL_CAP)
          .as('matches'),
      ),
  ]);
  const totalItems = total?.count ?? 0;
  return {
    // Department and seniority hold the classifier's ids, which are the contracts' ids.
    items: rows.map((row) => ({ ...row, id: String(row.id) }) as LeadItem),
    currentPage: page,
    totalPages: pageCount(totalItems, perPage),
    totalItems,
  };
}
