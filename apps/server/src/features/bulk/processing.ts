import { setTimeout as sleep } from 'node:timers/promises';
import { isDomainLike, VERIFIED_SCORE, type Verdict } from '@mailhound/contracts';
import { type Finder, type FindInput, type FindResult, normaliseDomain } from '@mailhound/finder';
import { eq, sql } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '../../platform/database.ts';
import { genericFailure } from '../../platform/errors.ts';
import { notifyProgress } from '../../platform/progress-hub.ts';
import type { WebhookEvents } from '../../platform/webhook-events.ts';
import { resolveCompanyDomain } from '../companies/index.ts';
import { isHoldOpen, settleHold } from '../credits/index.ts';
import { companyNotFound } from '../search/index.ts';
import { verdictOf, verdictOfFound } from '../verify/index.ts';
import { holdReference, readResultRows } from './bulk-store.ts';
import { buildResultFiles } from './result-files.ts';
import { type BulkQuery, bulkFiles, bulkRequests } from './schema.ts';

// An address is "found" from this score on (successCount); verified (charged) from 95.
export const foundScore = 50;

export type RowOutcome = {
  email: string | null;
  score: number;
  error: string | null;
  verdict: Verdict | null;
};

export type ProcessingDeps = {
  db: Db;
  finder: Finder;
  // Chunks one job works on at once (each holds one database connection while it runs).
  slots: number;
  // Pause before looking again when every pending chunk is taken by another worker.
  waitMs?: number;
  // Told of the completed request (issue 23), in the transaction that completes it.
  webhookEvents?: WebhookEvents;
};

// A given address always gets its verdict, whatever the mail server said; a found one when the
// search found it.
function outcomeOf(result: FindResult, given?: string): RowOutcome {
  const found = !result.error && result.exactEmail !== null && result.exactEmailScore >= foundScore;
  const verdict =
    given !== undefined ? verdictOf(given, result) : found ? verdictOfFound(result) : null;
  if (result.error) return { email: null, score: 0, error: result.error, verdict };
  return {
    email: found ? result.exactEmail : null,
    score: result.exactEmailScore,
    error: null,
    verdict,
  };
}

// Looks up one chunk's rows: the finds of a domain go through one findBatch (one SMTP session
// and one catch-all probe per domain), given addresses are verified.
export async function lookUpRows(
  deps: { db: Db; finder: Finder },
  rows: Array<{ rowIndex: number; query: BulkQuery }>,
): Promise<Map<number, RowOutcome>> {
  const outcomes = new Map<number, RowOutcome>();
  const domains = new Map<string, string | null>();
  const finds: Array<{ rowIndex: number; input: FindInput }> = [];
  const verifies: Array<{ rowIndex: number; email: string }> = [];
  for (const row of rows) {
    const { query } = row;
    if (query.kind === 'skip') {
      outcomes.set(row.rowIndex, { email: null, score: 0, error: query.reason, verdict: null });
    } else if (query.kind === 'verify') {
      verifies.push({ rowIndex: row.rowIndex, email: query.email });
    } else {
      let domain = domains.get(query.company);
      if (domain === undefined) {
        domain = isDomainLike(query.company)
          ? normaliseDomain(query.company)
          : ((await resolveCompanyDomain(deps.db, query.company))?.domain ?? null);
        domains.set(query.company, domain);
      }
      if (domain === null) {
        outcomes.set(row.rowIndex, {
          email: null,
          score: 0,
          error: companyNotFound,
          verdict: null,
        });
      } else {
        finds.push({
          rowIndex: row.rowIndex,
          input: { firstName: query.firstName, lastName: query.lastName, domain },
        });
      }
    }
  }
  const [found, verified] = await Promise.all([
    deps.finder.findBatch(finds.map((find) => find.input)),
    Promise.all(verifies.map((row) => deps.finder.verify(row.email))),
  ]);
  found.forEach((result, index) => {
    const find = finds[index];
    if (find) outcomes.set(find.rowIndex, outcomeOf(result));
  });
  verified.forEach((result, index) => {
    const row = verifies[index];
    if (row) outcomes.set(row.rowIndex, outcomeOf(result, row.email));
  });
  return outcomes;
}

// Takes the chunk if no other worker holds it. The lock is the transaction's: a worker that
// dies drops its connection, PostgreSQL rolls the transaction back and the chunk is free again
// at once, with none of its rows written.
async function tryTakeChunk(tx: Tx, requestId: string, chunk: number): Promise<boolean> {
  const taken = await tx.execute<{ taken: boolean }>(
    sql`select pg_try_advisory_xact_lock(hashtext(${requestId}), ${chunk}) as taken`,
  );
  return taken.rows[0]?.taken === true;
}

// Rows are looked up only under the request's credit hold: while it is processing and its hold
// is open. The key-share row lock keeps the request from failing or completing (FOR UPDATE), and
// so its hold from being released, while a chunk is looked up; chunks writing their counters
// (no key update) do not wait on each other's.
async function isUnderHold(tx: Queryable, requestId: string): Promise<boolean> {
  const [request] = await tx
    .select({ status: bulkRequests.status })
    .from(bulkRequests)
    .where(eq(bulkRequests.id, requestId))
    .for('key share');
  return request?.status === 'processing' && (await isHoldOpen(tx, holdReference(requestId)));
}

type ChunkAttempt = 'done' | 'busy' | 'finished';

// Processes one pending chunk not held by another worker: its rows are looked up, then written
// with their results, the request's counters moved and the progress announced, all in the
// transaction that holds the chunk. Rows already done are never looked up again, and none is
// looked up once the request's hold is gone (failed or completed by another worker).
async function processNextChunk(deps: ProcessingDeps, requestId: string): Promise<ChunkAttempt> {
  if (!(await isUnderHold(deps.db, requestId))) return 'finished';
  const pending = await deps.db.execute<{ chunk: number }>(
    sql`select distinct chunk from bulk_rows where request_id = ${requestId} and state = 'pending' order by chunk`,
  );
  if (pending.rows.length === 0) return 'finished';
  for (const { chunk } of pending.rows) {
    const done = await deps.db.transaction(async (tx) => {
      if (!(await tryTakeChunk(tx, requestId, chunk))) return false;
      if (!(await isUnderHold(tx, requestId))) return true;
      const rows = await tx.execute<{ row_index: number; query: BulkQuery }>(
        sql`select row_index, query from bulk_rows
            where request_id = ${requestId} and chunk = ${chunk} and state = 'pending'`,
      );
      if (rows.rows.length === 0) return true;
      const outcomes = await lookUpRows(
        deps,
        rows.rows.map((row) => ({ rowIndex: row.row_index, query: row.query })),
      );
      await writeChunk(tx, requestId, outcomes);
      return true;
    });
    if (done) return 'done';
  }
  return 'busy';
}

async function writeChunk(tx: Tx, requestId: string, outcomes: Map<number, RowOutcome>) {
  const values = [...outcomes].map(([rowIndex, outcome]) => ({ rowIndex, ...outcome }));
  const written = await tx.execute<{ found: boolean }>(sql`
    update bulk_rows r
    set state = 'done', email = v.email, score = v.score, error = v.error, verdict = v.verdict
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
      as v("rowIndex" int, email text, score int, error text, verdict jsonb)
    where r.request_id = ${requestId} and r.row_index = v."rowIndex" and r.state = 'pending'
    returning (v.email is not null) as found`);
  const success = written.rows.filter((row) => row.found).length;
  const fail = written.rows.length - success;
  await tx
    .update(bulkRequests)
    .set({
      success: sql`${bulkRequests.success} + ${success}`,
      fail: sql`${bulkRequests.fail} + ${fail}`,
    })
    .where(eq(bulkRequests.id, requestId));
  await notifyProgress(tx, requestId);
}

// Completes a request whose rows are all done, once: the result files are built and stored,
// the credit hold released, the counts written and the final state announced, in one
// transaction that locks the request row (a second worker waits, then finds it completed).
export async function completeRequest(
  db: Db,
  requestId: string,
  events?: WebhookEvents,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(bulkRequests)
      .where(eq(bulkRequests.id, requestId))
      .for('update');
    if (request?.status !== 'processing') return false;
    const pending = await tx.execute<{ left: number }>(
      sql`select count(*)::int as left from bulk_rows where request_id = ${requestId} and state = 'pending'`,
    );
    if ((pending.rows[0]?.left ?? 0) > 0) return false;
    const rows = await readResultRows(tx, requestId);
    const successCount = rows.filter((row) => row.email !== null).length;
    const verifiedCount = rows.filter(
      (row) => row.email !== null && (row.score ?? 0) >= VERIFIED_SCORE,
    ).length;
    const files = await buildResultFiles(request.fileName, request.header, rows);
    await tx
      .insert(bulkFiles)
      .values(files.map((file) => ({ requestId, ...file })))
      .onConflictDoNothing();
    await settleHold(tx, {
      userId: request.userId,
      amount: request.held,
      reference: holdReference(requestId),
      charge: false,
    });
    const [completed] = await tx
      .update(bulkRequests)
      .set({ status: 'completed', successCount, verifiedCount, completedAt: sql`now()` })
      .where(eq(bulkRequests.id, requestId))
      .returning({ at: bulkRequests.completedAt });
    await notifyProgress(tx, requestId);
    await events?.emit(
      request.userId,
      'bulk.completed',
      {
        bulk_id: requestId,
        name: request.fileName,
        total: request.total,
        found: successCount,
        verified: verifiedCount,
        completed: (completed?.at ?? new Date()).toISOString(),
      },
      tx,
    );
    return true;
  });
}

export const bulkFailedMessage = genericFailure;

// A request whose job failed for good: the hold is released and the request says so.
export async function failRequest(db: Db, requestId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(bulkRequests)
      .where(eq(bulkRequests.id, requestId))
      .for('update');
    if (request?.status !== 'processing') return;
    await settleHold(tx, {
      userId: request.userId,
      amount: request.held,
      reference: holdReference(requestId),
      charge: false,
    });
    await tx
      .update(bulkRequests)
      .set({ status: 'error', error: bulkFailedMessage, completedAt: sql`now()` })
      .where(eq(bulkRequests.id, requestId));
    await notifyProgress(tx, requestId);
  });
}

// One `bulk-run` job: `slots` loops take chunks until none is pending (waiting while other
// workers hold the last ones, so a chunk freed by a dead worker is taken over at once), then
// the request is completed.
export async function runBulkRequest(deps: ProcessingDeps, requestId: string): Promise<void> {
  const waitMs = deps.waitMs ?? 250;
  const loop = async () => {
    for (;;) {
      const attempt = await processNextChunk(deps, requestId);
      if (attempt === 'finished') return;
      if (attempt === 'busy') await sleep(waitMs);
    }
  };
  await Promise.all(Array.from({ length: deps.slots }, loop));
  await completeRequest(deps.db, requestId, deps.webhookEvents);
}
