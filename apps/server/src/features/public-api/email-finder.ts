import { VERIFIED_SCORE } from '@mailhound/contracts';
import type { Finder } from '@mailhound/finder';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { genericFailure, HttpError } from '../../platform/errors.ts';
import { companies, people } from '../companies/schema.ts';
import { runSingleSearch, type SearchEvent, searchDomain } from '../search/index.ts';
import type { EmailFinderAnswer, EmailFinderQuery } from './hunter-schemas.ts';
import { v2Error } from './v2-errors.ts';

export type FinderCallDeps = { db: Db; finder: Finder; logFailure: (error: unknown) => void };

export const usageLimitReached = (available: number) =>
  `You have reached your usage limit: ${available} credit${available === 1 ? '' : 's'} left. Upgrade your plan or buy credits.`;

// 'Mary Ann Lee' → Mary Ann + Lee: the last word is the last name, as Hunter splits it.
function splitFullName(fullName: string): { first: string; last: string } | null {
  const words = fullName.trim().split(/\s+/);
  if (words.length < 2) return null;
  return { first: words.slice(0, -1).join(' '), last: words.at(-1) ?? '' };
}

// The company at the domain and the person's job title there, when our company database has
// them (the first person of that name).
async function knownPerson(db: Db, domain: string, first: string, last: string) {
  const [company] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.domain, domain))
    .limit(1);
  if (!company) return { company: null, position: null };
  const [person] = await db
    .select({ jobTitle: people.jobTitle })
    .from(people)
    .where(
      and(
        eq(people.companyId, company.id),
        sql`lower(${people.fname}) = lower(${first})`,
        sql`lower(${people.lname}) = lower(${last})`,
      ),
    )
    .orderBy(people.id)
    .limit(1);
  return { company: company.name, position: person?.jobTitle ?? null };
}

// Hunter's Email Finder on our finder, through single search itself: the same search row,
// the same hold of one credit, charged only from score 95 and released otherwise.
export async function findEmail(
  deps: FinderCallDeps,
  caller: { userId: string; clientAddress: string; now: Date },
  query: EmailFinderQuery,
): Promise<{ answer: EmailFinderAnswer; credits: number }> {
  const names =
    query.first_name && query.last_name
      ? { first: query.first_name, last: query.last_name }
      : splitFullName(query.full_name ?? '');
  if (!names) {
    throw v2Error(400, 'full_name must have a first and a last name', 'wrong_params');
  }
  // Hunter: with both, the domain is used.
  const domain = await searchDomain(deps.db, {
    companyWebsite: query.domain || undefined,
    companyName: query.domain ? undefined : query.company || undefined,
  });
  const companyQuery = query.domain
    ? { companyWebsite: query.domain }
    : { companyName: query.company ?? '' };
  // Names are searched without spaces, as the web sends them (product-spec §5).
  const firstName = names.first.replace(/\s+/g, '');
  const lastName = names.last.replace(/\s+/g, '');
  let last: SearchEvent | undefined;
  const deadline = query.max_duration
    ? AbortSignal.timeout(query.max_duration * 1000)
    : new AbortController().signal;
  await runSingleSearch(
    deps,
    {
      searcher: { kind: 'user', userId: caller.userId, clientAddress: caller.clientAddress },
      query: { firstName, lastName, ...companyQuery },
      domain,
    },
    (event) => {
      if (event.event !== 'progress') last = event;
    },
    deadline,
  );
  if (!last || last.event === 'progress') throw new Error('the search ended without an answer');
  const known = await knownPerson(deps.db, domain, names.first, names.last);
  if (last.event === 'payment_error') {
    throw v2Error(429, usageLimitReached(last.data.available), 'usage_limit_reached');
  }
  if (last.event === 'error' && last.data.error === genericFailure) {
    throw new HttpError(500, genericFailure);
  }
  const found = last.event === undefined ? last.data : null;
  const email = found?.exactEmail ?? null;
  const score = email ? (found?.exactEmailScore ?? null) : null;
  const catchAll = typeof found?.evidence?.catchAll === 'boolean' ? found.evidence.catchAll : null;
  const checked = email !== null && score !== null;
  const status = !checked
    ? null
    : catchAll
      ? ('accept_all' as const)
      : score >= VERIFIED_SCORE
        ? ('valid' as const)
        : ('unknown' as const);
  return {
    credits: found?.charged ? 1 : 0,
    answer: {
      data: {
        first_name: names.first,
        last_name: names.last,
        email,
        score,
        domain,
        accept_all: catchAll,
        position: known.position,
        twitter: null,
        linkedin_url: null,
        phone_number: null,
        company: known.company,
        sources: [],
        verification: {
          date: checked ? caller.now.toISOString().slice(0, 10) : null,
          status,
        },
      },
      meta: {
        params: {
          first_name: query.first_name ?? null,
          last_name: query.last_name ?? null,
          full_name: query.full_name ?? null,
          domain: query.domain || null,
          company: query.company || null,
          max_duration: query.max_duration ?? null,
        },
      },
    },
  };
}
