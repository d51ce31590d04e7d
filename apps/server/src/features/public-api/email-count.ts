import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { companies, people } from '../companies/schema.ts';
import { searchDomain } from '../search/index.ts';
import type { EmailCountAnswer, EmailCountQuery } from './hunter-schemas.ts';

// A person with neither first nor last name is a role or team entry: a generic address, as
// Domain Search counts them.
const generic = sql<boolean>`(${people.fname} is null and ${people.lname} is null)`;

// Hunter's Email Count (free): the people of our company database at the domain, by address
// type, department and seniority. A company name resolves as in the finder.
export async function countDomainEmails(db: Db, query: EmailCountQuery): Promise<EmailCountAnswer> {
  const domain = await searchDomain(db, {
    companyWebsite: query.domain || undefined,
    companyName: query.domain ? undefined : query.company || undefined,
  });
  const typeFilter: SQL | undefined =
    query.type === 'generic'
      ? and(isNull(people.fname), isNull(people.lname))
      : query.type === 'personal'
        ? sql`not ${generic}`
        : undefined;
  const rows = await db
    .select({
      department: people.department,
      seniority: people.seniority,
      generic,
      count: sql<number>`count(*)::int`,
    })
    .from(people)
    .innerJoin(companies, eq(companies.id, people.companyId))
    .where(and(eq(companies.domain, domain), typeFilter))
    .groupBy(people.department, people.seniority, generic);
  const department: Record<string, number> = {};
  const seniority: Record<string, number> = {};
  let personal = 0;
  let genericCount = 0;
  for (const row of rows) {
    department[row.department] = (department[row.department] ?? 0) + row.count;
    seniority[row.seniority] = (seniority[row.seniority] ?? 0) + row.count;
    if (row.generic) genericCount += row.count;
    else personal += row.count;
  }
  return {
    data: {
      total: personal + genericCount,
      personal_emails: personal,
      generic_emails: genericCount,
      department,
      seniority,
    },
    meta: {
      params: {
        domain: query.domain || null,
        company: query.company || null,
        type: query.type ?? null,
      },
    },
  };
}
