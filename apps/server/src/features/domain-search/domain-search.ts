import {
  type DepartmentId,
  DOMAIN_SEARCH_PAGE_SIZE,
  type DomainOrganisation,
  type DomainPattern,
  type DomainPerson,
  type DomainSearchAnswer,
  type DomainSearchQuery,
  type SeniorityId,
  type Verdict,
} from '@mailhound/contracts';
import {
  candidatesFor,
  evidenceView,
  type FinderConfig,
  type PatternStore,
} from '@mailhound/finder';
import { and, asc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { maskAddress, matchCount, pageCount } from '../companies/index.ts';
import { companies, people } from '../companies/schema.ts';
import { paidAddresses as paidAddressesTable } from '../credits/schema.ts';
import { searchDomain } from '../search/index.ts';
import { verdictOfStored } from '../verify/index.ts';
import { type MailRouteLookup, mailFactsOf } from './mail-facts.ts';

export type DomainSearchDeps = {
  db: Db;
  patternStore: PatternStore;
  mailRoute: MailRouteLookup;
  // Whose evidence the known pattern rests on (the finder's evidenceView), as of `now`.
  finder: FinderConfig;
  now: () => Date;
};

// The web's query, or the public API's: any of several departments and seniorities.
export type DomainPeopleQuery = Omit<DomainSearchQuery, 'department' | 'seniority'> & {
  departments?: readonly DepartmentId[] | undefined;
  seniorities?: readonly SeniorityId[] | undefined;
};
type PeopleFilters = Omit<DomainPeopleQuery, 'page'>;

// The web's one department and one seniority as lists.
export function peopleQueryOf({ department, seniority, ...rest }: DomainSearchQuery) {
  return {
    ...rest,
    departments: department ? [department] : undefined,
    seniorities: seniority ? [seniority] : undefined,
  };
}

// A person with neither first nor last name is a role or team entry ('Sales team'): its
// address is a generic one.
const isGeneric = and(isNull(people.fname), isNull(people.lname));

function personConditions(companyId: number, query: PeopleFilters): SQL | undefined {
  return and(
    eq(people.companyId, companyId),
    query.departments?.length ? inArray(people.department, [...query.departments]) : undefined,
    query.seniorities?.length ? inArray(people.seniority, [...query.seniorities]) : undefined,
    query.type === 'generic' ? isGeneric : undefined,
    query.type === 'personal' ? or(isNotNull(people.fname), isNotNull(people.lname)) : undefined,
  );
}

// The address `pattern` gives for the name (its main spelling); null without both names or
// when the name makes no valid address.
export function patternAddress(
  fname: string | null,
  lname: string | null,
  domain: string,
  pattern: string,
): string | null {
  if (!fname || !lname) return null;
  return (
    candidatesFor(fname, lname, domain, pattern).find((c) => c.pattern === pattern)?.email ?? null
  );
}

// Addresses among `emails` this user has paid for (credits' paid_addresses: in a single
// search of any kind or a bought bulk result), each with the verdict of the latest single
// search that found it at a score, or null where none did.
async function paidAddresses(
  db: Db,
  userId: string,
  emails: string[],
): Promise<Map<string, Verdict | null>> {
  if (emails.length === 0) return new Map();
  const list = sql.join(
    emails.map((email) => sql`${email.toLowerCase()}`),
    sql`, `,
  );
  const paid = await db.execute<{
    email: string;
    result: Parameters<typeof verdictOfStored>[0] | null;
    evidence: Record<string, unknown> | null;
  }>(sql`
    select p.email, s.result, s.evidence
    from ${paidAddressesTable} p
    left join lateral (
      select result, evidence from search_history
      where user_id = p.user_id and settled_at is not null and score is not null
        and lower(result->>'exactEmail') = p.email
      order by settled_at desc limit 1) s on true
    where p.user_id = ${userId} and p.email in (${list})`);
  return new Map(paid.rows.map((row) => [row.email, verdictOfStored(row.result, row.evidence)]));
}

async function organisationAt(db: Db, domain: string) {
  const [company] = await db
    .select({
      id: companies.id,
      slug: companies.slug,
      name: companies.name,
      industry: companies.industry,
      country: companies.country,
      employees: companies.employees,
    })
    .from(companies)
    .where(eq(companies.domain, domain))
    .limit(1);
  return company ?? null;
}

// Which of the matching people to give: `limit` of them after the first `offset`.
export type PeopleWindow = { offset: number; limit: number };

async function peopleAt(
  deps: DomainSearchDeps,
  userId: string,
  domain: string,
  companyId: number,
  pattern: DomainPattern | null,
  filters: PeopleFilters,
  window: PeopleWindow,
): Promise<{ items: DomainPerson[]; totalItems: number }> {
  const where = personConditions(companyId, filters);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({
        id: people.id,
        fname: people.fname,
        lname: people.lname,
        jobTitle: people.jobTitle,
        department: people.department,
        seniority: people.seniority,
      })
      .from(people)
      .where(where)
      .orderBy(asc(people.id))
      .limit(window.limit)
      .offset(window.offset),
    deps.db.select({ count: matchCount }).from(people).where(where),
  ]);
  const addresses = rows.map((row) =>
    pattern ? patternAddress(row.fname, row.lname, domain, pattern.pattern) : null,
  );
  const paid = await paidAddresses(
    deps.db,
    userId,
    addresses.filter((email) => email !== null),
  );
  const items = rows.map((row, index): DomainPerson => {
    const email = addresses[index] ?? null;
    const shown = email !== null && paid.has(email);
    const verdict = shown ? (paid.get(email) ?? null) : null;
    return {
      id: String(row.id),
      fname: row.fname,
      lname: row.lname,
      jobTitle: row.jobTitle,
      department: row.department as DomainPerson['department'],
      seniority: row.seniority as DomainPerson['seniority'],
      type: row.fname === null && row.lname === null ? 'generic' : 'personal',
      email: email === null || shown ? email : maskAddress(email),
      masked: email !== null && !shown,
      verdict,
    };
  });
  return { items, totalItems: total?.count ?? 0 };
}

// Domain Search: spends nothing. A company name resolves as in single search (a 400 when
// none matches); a domain outside the company database still answers its mail facts. The
// mail facts and the pattern are read once, whatever the window (the public API's limit of
// 100 is one query of people).
export async function searchDomainWindow(
  deps: DomainSearchDeps,
  userId: string,
  filters: PeopleFilters,
  window: PeopleWindow,
): Promise<
  Omit<DomainSearchAnswer, 'people'> & { people: { items: DomainPerson[]; totalItems: number } }
> {
  const domain = await searchDomain(deps.db, {
    companyWebsite: filters.domain || undefined,
    companyName: filters.company || undefined,
  });
  const [company, mail, knowledge] = await Promise.all([
    organisationAt(deps.db, domain),
    mailFactsOf(deps.db, deps.mailRoute, domain),
    deps.patternStore.get(domain, evidenceView(deps.finder, deps.now().getTime(), userId)),
  ]);
  const pattern: DomainPattern | null = knowledge
    ? {
        pattern: knowledge.pattern,
        verified: knowledge.confirmations,
        against: knowledge.contradictions,
      }
    : null;
  const organisation: DomainOrganisation | null = company
    ? { ...company, id: String(company.id) }
    : null;
  return {
    domain,
    organisation,
    mail,
    pattern,
    people: company
      ? await peopleAt(deps, userId, domain, company.id, pattern, filters, window)
      : { items: [], totalItems: 0 },
  };
}

// The web's Domain Search: pages of DOMAIN_SEARCH_PAGE_SIZE.
export async function searchDomainPeople(
  deps: DomainSearchDeps,
  userId: string,
  { page, ...filters }: DomainPeopleQuery,
): Promise<DomainSearchAnswer> {
  const perPage = DOMAIN_SEARCH_PAGE_SIZE;
  const found = await searchDomainWindow(deps, userId, filters, {
    offset: (page - 1) * perPage,
    limit: perPage,
  });
  const { totalItems } = found.people;
  return {
    ...found,
    people: {
      items: found.people.items,
      currentPage: page,
      totalPages: pageCount(totalItems, perPage),
      totalItems,
    },
  };
}
