import { randomUUID } from 'node:crypto';
import {
  type BulkColumns,
  type BulkItem,
  listKindOf,
  rowErrorText,
  VERIFIED_SCORE,
} from '@mailhound/contracts';
import { and, asc, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Db, Queryable } from '../../platform/database.ts';
import { jobsThrough } from '../../platform/jobs.ts';
import {
  availableCredits,
  creditsShort,
  holdCredits,
  requireAvailableCredits,
} from '../credits/index.ts';
import { creditAccounts } from '../credits/schema.ts';
import { saveVerdictsFrom } from '../verify/index.ts';
import type { ResultRow } from './result-files.ts';
import { type BulkStatus, bulkFiles, bulkPurchases, bulkRequests, bulkRows } from './schema.ts';
import { assignChunks, domainKeyOf, type ParsedUpload, queryOfRow } from './upload-file.ts';

export const bulkRunQueue = 'bulk-run';

// BulkItem (product-spec §3 "Bulk history item") is the contracts' type.
export type { BulkItem };

export function holdReference(requestId: string): string {
  return `bulk:${requestId}`;
}

// How many `bulk-run` jobs a request gets: each worker process takes at most one of a request
// at a time, so this many processes can share its chunks.
export const runJobsPerRequest = 8;

// Creates a request from a parsed upload in one transaction: the request, its rows (with their
// chunks), the original file, the credit hold and the jobs. The hold is one credit per row to
// search (a row without a usable query is never looked up), so that no row is probed beyond
// what the user can pay; with fewer credits available the answer is a 402 saying how many more
// it takes, and nothing is written.
export async function createBulkRequest(
  db: Db,
  boss: PgBoss | undefined,
  upload: ParsedUpload & {
    columns: BulkColumns;
    userId: string;
    fileName: string;
    contentType: string;
    bytes: Buffer;
  },
): Promise<string> {
  const id = randomUUID();
  const queries = upload.rows.map((cells) => queryOfRow(upload.columns, cells));
  const toSearch = queries.filter((query) => query.kind !== 'skip').length;
  await requireAvailableCredits(db, upload.userId, toSearch);
  const chunks = assignChunks(queries.map(domainKeyOf));
  const chunkCount = Math.max(...chunks) + 1;
  await db.transaction(async (tx) => {
    await tx.insert(creditAccounts).values({ userId: upload.userId }).onConflictDoNothing();
    const [account] = await tx
      .select({ balance: creditAccounts.balance, onHold: creditAccounts.onHold })
      .from(creditAccounts)
      .where(eq(creditAccounts.userId, upload.userId))
      .for('update');
    const available = availableCredits(account);
    if (available < toSearch) throw creditsShort(toSearch - available);
    const held = toSearch;
    await tx.insert(bulkRequests).values({
      id,
      userId: upload.userId,
      fileName: upload.fileName,
      header: upload.header,
      total: upload.rows.length,
      held,
      verifyRows: queries.filter((query) => query.kind === 'verify').length,
    });
    // Every row in one statement, its values in one JSON parameter: ten multi-row INSERTs of
    // five parameters a row took most of an upload's time.
    const rows = upload.rows.map((cells, index) => ({
      index,
      chunk: chunks[index] ?? 0,
      cells,
      query: queries[index] ?? { kind: 'skip' as const, reason: '' },
    }));
    await tx.execute(sql`
      insert into bulk_rows (request_id, row_index, chunk, cells, query)
      select ${id}, r.index, r.chunk, r.cells, r.query
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as r(index int, chunk int, cells jsonb, query jsonb)`);
    await tx.insert(bulkFiles).values({
      requestId: id,
      kind: 'input',
      fileName: upload.fileName,
      contentType: upload.contentType,
      content: upload.bytes,
    });
    await holdCredits(tx, { userId: upload.userId, amount: held, reference: holdReference(id) });
    if (boss) {
      const jobs = Array.from({ length: Math.min(chunkCount, runJobsPerRequest) }, () => ({
        data: { requestId: id },
        group: { id },
      }));
      await boss.insert(bulkRunQueue, jobs, { db: jobsThrough(tx) });
    }
  });
  return id;
}

type ItemRow = {
  id: string;
  file_name: string;
  header: string[];
  total: number;
  has_input: boolean;
  status: BulkStatus;
  success: number;
  fail: number;
  success_count: number | null;
  verified_count: number | null;
  held: number;
  error: string | null;
  created_at: string;
  purchases: Array<{ id: string; credits: number; createdAt: string }>;
  credits: number | null;
  // The counts of a request whose outcomes are withheld (withholds), else null.
  shown: ShownCounts | null;
};

// A request's verified addresses (score 95 or more, one row each): what its result sells.
export function verifiedAddressesOf(requestId: SQL | string): SQL {
  return sql`select b.email from bulk_rows b
    where b.request_id = ${requestId} and b.email is not null and b.score >= ${VERIFIED_SCORE}`;
}

// What a request's result costs its user at most now: its distinct verified addresses found
// and every address it was given to verify, that the user has not paid for yet in any search
// (0 once the result is bought). Which given addresses proved valid (and are charged) is what
// the result sells, so the quote counts them all: the download may charge less.
function unpaidCredits(requestId: SQL | string, userId: SQL | string): SQL {
  return sql`(case when exists (select 1 from bulk_purchases p where p.request_id = ${requestId})
    then 0 else (
    select count(distinct v.email)::int from (
      select lower(f.email) as email from (${verifiedAddressesOf(requestId)}) f
      union all
      select lower(b.query->>'email') from bulk_rows b
      where b.request_id = ${requestId} and b.query->>'kind' = 'verify') v
    where not exists (select 1 from paid_addresses p
      where p.user_id = ${userId} and p.email = v.email)) end)`;
}

// Whether the rows' outcomes of a request verifying given addresses stay withheld: it has such
// rows and its result is not bought.
function withholds(request: SQL): SQL {
  return sql`(${request}.verify_rows > 0
    and not exists (select 1 from bulk_purchases p where p.request_id = ${request}.id))`;
}

// A request's done rows counted as they may be shown (the alias r is the request): the rows
// verifying a given address, while withheld (withholds), only in to_verify.
function shownCounts(request: SQL): SQL {
  const hidden = sql`(b.query->>'kind' = 'verify' and ${withholds(request)})`;
  return sql`select
      count(*) filter (where not ${hidden} and b.email is not null)::int as found,
      count(*) filter (where not ${hidden} and b.email is not null
        and b.score >= ${VERIFIED_SCORE})::int as verified,
      count(*) filter (where not ${hidden} and b.email is null)::int as not_found,
      count(*) filter (where ${hidden})::int as to_verify
    from bulk_rows b where b.request_id = ${request}.id and b.state = 'done'`;
}

export type ShownCounts = { found: number; verified: number; not_found: number; to_verify: number };

// A request's counts as its user and their webhooks may see them (shownCounts).
export async function readShownCounts(db: Queryable, requestId: string): Promise<ShownCounts> {
  const result = await db.execute<ShownCounts>(
    sql`select c.* from bulk_requests r, lateral (${shownCounts(sql`r`)}) c where r.id = ${requestId}`,
  );
  return result.rows[0] ?? { found: 0, verified: 0, not_found: 0, to_verify: 0 };
}

// Makes the verdicts of a request's rows the user's latest on their addresses, each judged
// when its row's lookup began (a row written before judged_at was kept: when the request was
// made). Called in the transaction that pays for the result: a verdict nobody bought is never
// shown on a contact nor used by a campaign.
export async function saveBoughtVerdicts(tx: Queryable, requestId: string): Promise<void> {
  await tx.execute(
    saveVerdictsFrom(sql`select q.user_id, r.verdict, coalesce(r.judged_at, q.created_at)
      from bulk_rows r join bulk_requests q on q.id = r.request_id
      where r.request_id = ${requestId} and r.verdict is not null`),
  );
}

export async function readResultPrice(
  db: Queryable,
  userId: string,
  requestId: string,
): Promise<number> {
  const price = await db.execute<{ credits: number }>(
    sql`select ${unpaidCredits(requestId, userId)} as credits`,
  );
  return price.rows[0]?.credits ?? 0;
}

const itemColumns = sql`
  r.id, r.file_name, r.header, r.total, r.status, r.success, r.fail, r.success_count, r.verified_count,
  r.held, r.error,
  to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  exists (select 1 from bulk_files f where f.request_id = r.id and f.kind = 'input') as has_input,
  coalesce((
    select json_agg(json_build_object('id', p.id, 'credits', p.credits, 'createdAt',
      to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by p.created_at)
    from bulk_purchases p where p.request_id = r.id), '[]'::json) as purchases,
  case when r.status = 'completed' then ${unpaidCredits(sql`r.id`, sql`r.user_id`)} end as credits,
  case when ${withholds(sql`r`)} then (select row_to_json(c) from (${shownCounts(sql`r`)}) c) end
    as shown`;

function toItem(row: ItemRow): BulkItem {
  const { shown } = row;
  return {
    requestId: row.id,
    kind: listKindOf(row.header),
    input: { fileName: row.file_name, length: row.total, hasInputFile: row.has_input },
    status: row.status,
    progress: shown
      ? {
          success: shown.found,
          fail: shown.not_found,
          total: row.total,
          toVerify: shown.to_verify,
        }
      : { success: row.success, fail: row.fail, total: row.total, toVerify: 0 },
    result:
      row.status === 'completed'
        ? {
            successCount: shown ? shown.found : (row.success_count ?? 0),
            verifiedCount: shown ? shown.verified : (row.verified_count ?? 0),
            hasMultipleFiles: true,
            credits: row.credits ?? 0,
            toVerify: shown?.to_verify ?? 0,
          }
        : null,
    error: row.error,
    onHold: row.status === 'processing' ? row.held : 0,
    purchases: row.purchases,
    createdAt: row.created_at,
  };
}

// One of the user's requests, or undefined (unknown, or another user's).
export async function readBulkItem(
  db: Queryable,
  userId: string,
  requestId: string,
): Promise<BulkItem | undefined> {
  if (!isUuid(requestId)) return undefined;
  const result = await db.execute<ItemRow>(sql`
    select ${itemColumns} from bulk_requests r
    where r.id = ${requestId} and r.user_id = ${userId}`);
  const row = result.rows[0];
  return row ? toItem(row) : undefined;
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

export type BulkHistoryPage = {
  items: BulkItem[];
  currentPage: number;
  totalPages: number;
  totalItems: number;
};

// The user's requests, newest first; `requestId` narrows the page to that one request.
export async function readBulkHistory(
  db: Db,
  userId: string,
  query: { page: number; perPage: number; requestId?: string | undefined },
): Promise<BulkHistoryPage> {
  const only = query.requestId
    ? isUuid(query.requestId)
      ? sql`and r.id = ${query.requestId}`
      : sql`and false`
    : sql``;
  const [rows, counted] = await Promise.all([
    db.execute<ItemRow>(sql`
      select ${itemColumns} from bulk_requests r
      where r.user_id = ${userId} ${only}
      order by r.created_at desc, r.id desc
      limit ${query.perPage} offset ${(query.page - 1) * query.perPage}`),
    db.execute<{ count: number }>(
      sql`select count(*)::int as count from bulk_requests r where r.user_id = ${userId} ${only}`,
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

// A request's rows with their results, in upload order (`foundOnly`: rows with an address;
// `from`: from that row on).
export async function readResultRows(
  db: Queryable,
  requestId: string,
  options: { foundOnly?: boolean; limit?: number; from?: number } = {},
): Promise<ResultRow[]> {
  const where = and(
    eq(bulkRows.requestId, requestId),
    options.foundOnly ? sql`${bulkRows.email} is not null` : undefined,
    options.from === undefined ? undefined : gte(bulkRows.rowIndex, options.from),
  );
  const query = db
    .select({
      cells: bulkRows.cells,
      email: bulkRows.email,
      score: bulkRows.score,
      error: bulkRows.error,
      verdict: bulkRows.verdict,
    })
    .from(bulkRows)
    .where(where)
    .orderBy(asc(bulkRows.rowIndex));
  return options.limit === undefined ? query : query.limit(options.limit);
}

// The preview's counts: every row, those found and verified, and the failures by reason; the
// rows verifying a given address, while withheld, only as toVerify (shownCounts).
export async function readResultSummary(db: Queryable, requestId: string) {
  const shown = await readShownCounts(db, requestId);
  const failures = await db.execute<{ error: string; count: number }>(sql`
    select b.error, count(*)::int as count from bulk_requests r join bulk_rows b on b.request_id = r.id
    where r.id = ${requestId} and b.email is null and b.error is not null
      and not (b.query->>'kind' = 'verify' and ${withholds(sql`r`)})
    group by b.error order by count(*) desc, b.error`);
  const byReason = new Map<string, number>();
  for (const failure of failures.rows) {
    const reason = rowErrorText(failure.error);
    byReason.set(reason, (byReason.get(reason) ?? 0) + failure.count);
  }
  const failed = [...byReason].map(([reason, count]) => ({ reason, count }));
  const failedCount = failed.reduce((sum, failure) => sum + failure.count, 0);
  return {
    rows: shown.found + shown.not_found + shown.to_verify,
    found: shown.found,
    verified: shown.verified,
    notFound: shown.not_found - failedCount,
    failed,
    toVerify: shown.to_verify,
  };
}

export async function readPurchase(db: Queryable, requestId: string) {
  const [purchase] = await db
    .select()
    .from(bulkPurchases)
    .where(eq(bulkPurchases.requestId, requestId));
  return purchase;
}
