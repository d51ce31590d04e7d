import type { DepartmentId, SeniorityId } from '@mailhound/contracts';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { companies, people } from '../companies/schema.ts';
import { searchDomain } from '../search/index.ts';
import type { EmailCountAnswer, EmailCountQuery } from './hunter-schemas.ts';
import { countsByHunterId, hunterDepartments, hunterSeniorities } from './hunter-vocabulary.ts';

// A person with neither first nor last name is a role or team entry: a generic address, as
// Domain Search counts them.
const generic = sql<boolean>`(${people.fname} is null and ${people.lname} is null)`;

// Hunter's Email Count (free): the people of our company database at the domain, by address
// type, and under each of Hunter's department and seniority ids (zero where none). A company
// name resolves as in the finder.
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
  const department = new Map<DepartmentId, number>();
  const seniority = new Map<SeniorityId, number>();
  let personal = 0;
  let genericCount = 0;
  for (const row of rows) {
    const ourDepartment = row.department as DepartmentId;
    const ourSeniority = row.seniority as SeniorityId;
    department.set(ourDepartment, (department.get(ourDepartment) ?? 0) + row.count);
    seniority.set(ourSeniority, (seniority.get(ourSeniority) ?? 0) + row.count);
    if (row.generic) genericCount += row.count;
    else personal += row.count;
  }
  return {
    data: {
      total: personal + genericCount,
      personal_emails: personal,
      generic_emails: genericCount,
      department: countsByHunterId(hunterDepartments, department),
      seniority: countsByHunterId(hunterSeniorities, seniority),
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
