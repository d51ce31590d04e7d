import { randomUUID } from 'node:crypto';
import { companyMessages, type SimilarityReason, type Verdict } from '@mailhound/contracts';
import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Db, Queryable } from '../../platform/database.ts';
import { forbidden, paymentRequired } from '../../platform/errors.ts';
import { jobsThrough } from '../../platform/jobs.ts';
import {
  applyCreditEntry,
  InsufficientCreditsError,
  readAccountSummary,
} from '../credits/index.ts';
import { readFeatures } from './engine.ts';
import type { LookalikeStatus } from './schema.ts';
import { listProfile, similarityReasons } from './similarity.ts';

export const lookalikeMessages = {
  paidPlanOnly: 'Look-alike search needs a paid plan.',
  noLeadSearches: companyMessages.noLeadSearches,
  notFound: 'Look-alike search not found',
  noCompanies: 'None of the companies in the list was found.',
  failed: 'The look-alike search failed.',
} as const;

export const lookalikeRunQueue = 'lookalike-run';

export type LookalikeContact = {
  id: string;
  fname: string | null;
  lname: string | null;
  jobTitle: string | null;
  companyName: string;
  website: string;
  location: string | null;
  linkedinUrl: string | null;
  exactEmail: string | null;
  exactEmailScore: number | null;
  verdict: Verdict | null;
  searched: boolean;
  reasons: SimilarityReason[];
};

export type LookalikeItem = {
  requestId: string;
  status: LookalikeStatus;
  error: string | null;
  input: { fileName: string; length: number };
  result: { totalCount: number; recognised: number; preview?: LookalikeContact[] } | null;
  createdAt: string;
};

export function leadSearchKey(requestId: string): string {
  return `lookalike:${requestId}`;
}

export function leadSearchRefundKey(requestId: string): string {
  return `lookalike-refund:${requestId}`;
}

// Refuses a user on the default plan (403) or without lead searches left (402).
export async function ensureLookalikeAllowed(db: Queryable, userId: string): Promise<void> {
  const summary = await readAccountSummary(db, userId);
  if (!summary || summary.plan.is_default) throw forbidden(lookalikeMessages.paidPlanOnly);
  if (summary.leadSearchBalance <= 0) throw paymentRequired(lookalikeMessages.noLeadSearches);
}

// The request, its lead search (ledger lead_amount, key lookalike:<id>) and its job, in one
// transaction: a refusal writes nothing.
export async function createLookalikeRequest(
  db: Db,
  boss: PgBoss | undefined,
  input: { userId: string; fileName: string; entries: string[] },
): Promise<string> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await ensureLookalikeAllowed(tx, input.userId);
    try {
      await applyCreditEntry(tx, {
        userId: input.userId,
        kind: 'charge',
        amount: 0,
        leadAmount: 1,
        idempotencyKey: leadSearchKey(id),
      });
    } catch (error) {
      if (error instanceof InsufficientCreditsError) {
        throw paymentRequired(lookalikeMessages.noLeadSearches);
      }
      throw error;
    }
    await tx.execute(sql`
      insert into lookalike_requests (id, user_id, file_name, entries)
      values (${id}, ${input.userId}, ${input.fileName}, ${JSON.stringify(input.entries)}::jsonb)`);
    if (boss) {
      await boss.insert(lookalikeRunQueue, [{ data: { requestId: id } }], {
        db: jobsThrough(tx),
      });
    }
  });
  return id;
}

type ItemRow = {
  id: string;
  status: LookalikeStatus;
  error: string | null;
  file_name: string;
  length: number;
  recognised: number | null;
  total_count: number | null;
  created_at: string;
};

const itemColumns = sql`r.id, r.status, r.error, r.file_name,
  jsonb_array_length(r.entries) as length, jsonb_array_length(r.list_company_ids) as recognised,
  r.total_count,
  to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`;

function toItem(row: ItemRow): LookalikeItem {
  return {
    requestId: row.id,
    status: row.status,
    error: row.error,
    input: { fileName: row.file_name, length: row.length },
    result:
      row.status === 'completed'
        ? { totalCount: row.total_count ?? 0, recognised: row.recognised ?? row.length }
        : null,
    createdAt: row.created_at,
  };
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

// One of the user's requests, or undefined (unknown, or another user's).
export async function readLookalikeItem(
  db: Queryable,
  userId: string,
  requestId: string,
): Promise<LookalikeItem | undefined> {
  if (!isUuid(requestId)) return undefined;
  const result = await db.execute<ItemRow>(sql`
    select ${itemColumns} from lookalike_requests r
    where r.id = ${requestId} and r.user_id = ${userId}`);
  const row = result.rows[0];
  return row ? toItem(row) : undefined;
}

export async function readLookalikeHistory(
  db: Db,
  userId: string,
  query: { page: number; perPage: number },
) {
  const [rows, counted] = await Promise.all([
    db.execute<ItemRow>(sql`
      select ${itemColumns} from lookalike_requests r where r.user_id = ${userId}
      order by r.created_at desc, r.id desc
      limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`),
    db.execute<{ count: number }>(
      sql`select count(*)::int as count from lookalike_requests where user_id = ${userId}`,
    ),
  ]);
  const totalItems = counted.rows[0]?.count ?? 0;
  return {
    items: rows.rows.map(toItem),
    currentPage: query.page,
    totalPages: Math.ceil(totalItems / query.perPage),
    totalItems,
  };
}

// The preview's size, and how many of the best companies it draws from.
export const previewSize = 100;
const previewCompanies = 50;

type ContactRow = {
  id: string;
  company_id: number;
  description: string | null;
  fname: string | null;
  lname: string | null;
  job_title: string | null;
  company_name: string;
  website: string;
  location: string | null;
  linkedin_url: string | null;
  email: string | null;
  score: number | null;
  verdict: Verdict | null;
  searched: boolean;
};

// Contacts of the most similar companies: decision makers (owners to directors) first, then
// by the company's rank and the person's seniority; with why each company is similar, unless
// the caller only needs the contacts (Find Emails choosing whom to search).
export async function readPreview(
  db: Queryable,
  requestId: string,
  options: { reasons: boolean } = { reasons: true },
): Promise<LookalikeContact[]> {
  const result = await db.execute<ContactRow>(sql`
    select p.id::text as id, c.id::int as company_id, c.description, p.fname, p.lname,
      p.job_title, c.name as company_name,
      c.domain as website, p.location, p.linkedin_url, e.email, e.score, e.verdict,
      e.person_id is not null as searched
    from lookalike_results r
    join companies c on c.id = r.company_id
    join people p on p.company_id = c.id
    left join lookalike_emails e on e.request_id = r.request_id and e.person_id = p.id
    where r.request_id = ${requestId} and r.rank <= ${previewCompanies}
    order by (p.seniority in ('owner', 'c_level', 'vp', 'head', 'director')) desc, r.rank,
      array_position(array['owner', 'c_level', 'vp', 'head', 'director', 'manager', 'senior',
        'entry', 'intern', 'other'], p.seniority), p.id
    limit ${previewSize}`);
  const reasons = options.reasons
    ? await companyReasons(db, requestId, result.rows)
    : new Map<number, SimilarityReason[]>();
  return result.rows.map((row) => ({
    id: row.id,
    fname: row.fname,
    lname: row.lname,
    jobTitle: row.job_title,
    companyName: row.company_name,
    website: row.website,
    location: row.location,
    linkedinUrl: row.linkedin_url,
    exactEmail: row.email,
    exactEmailScore: row.score,
    verdict: row.verdict,
    searched: row.searched,
    reasons: reasons.get(Number(row.company_id)) ?? [],
  }));
}

// Why each preview company is similar, against the profile of the list it was ranked for.
async function companyReasons(
  db: Queryable,
  requestId: string,
  rows: readonly ContactRow[],
): Promise<Map<number, SimilarityReason[]>> {
  const reasons = new Map<number, SimilarityReason[]>();
  if (rows.length === 0) return reasons;
  const request = await db.execute<{ ids: number[] | null }>(sql`
    select list_company_ids as ids from lookalike_requests where id = ${requestId}`);
  const profile = listProfile(await readFeatures(db, request.rows[0]?.ids ?? []));
  const descriptions = new Map(rows.map((row) => [Number(row.company_id), row.description]));
  for (const company of await readFeatures(db, [...descriptions.keys()])) {
    reasons.set(
      company.id,
      similarityReasons(profile, company, descriptions.get(company.id) ?? null),
    );
  }
  return reasons;
}
