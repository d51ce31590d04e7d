import { setTimeout as sleep } from 'node:timers/promises';
import { isDomainLike, VERIFIED_SCORE, type Verdict } from '@mailhound/contracts';
import { type Finder, type FindInput, type FindResult, normaliseDomain } from '@mailhound/finder';
import { eq, sql } from 'drizzle-orm';
import { type Db, poolOf, type Queryable, type Tx } from '../../platform/database.ts';
import { genericFailure } from '../../platform/errors.ts';
import { notifyProgress } from '../../platform/progress-hub.ts';
import type { WebhookEvents } from '../../platform/webhook-events.ts';
import { resolveCompanyDomain } from '../companies/index.ts';
import { isHoldOpen, settleHold } from '../credits/index.ts';
import { companyNotFound } from '../search/index.ts';
import { verdictOf, verdictOfFound } from '../verify/index.ts';
import { holdReference, readResultRows, readShownCounts } from './bulk-store.ts';
import { createResultFiles } from './result-files.ts';
import { type BulkQuery, bulkFiles, bulkRequests } from './schema.ts';
import { chunkRows } from './upload-file.ts';

// An address is "found" from this score on (successCount); verified (charged) from 95.
export const foundScore = 50;

export type RowOutcome = {
  email: string | null;
  score: number;
  error: string | null;
  verdict: Verdict | null;
};

// A row's outcome with when its lookup began (the time its chunk's rows were read): its
// verdict's judgement time (bulk_rows.judged_at).
type JudgedOutcome = RowOutcome & { judgedAt: string };

export type ProcessingDeps = {
  db: Db;
  finder: Finder;
  // Chunks one job looks up at once.
  slots: number;
  // Writes the pattern observations the finder made so far (its store buffers them).
  flushPatterns?: () => Promise<void>;
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
// and one catch-all probe per domain), given addresses are verified; `onOutcome` hears each
// row's outcome as soon as it is known. `viewer`: the user whose request it is (whose
// evidence the finder weighs as their own).
export async function lookUpRows(
  deps: { db: Db; finder: Finder },
  rows: Array<{ rowIndex: number; query: BulkQuery }>,
  viewer: string,
  onOutcome?: (rowIndex: number, outcome: RowOutcome) => void,
): Promise<Map<number, RowOutcome>> {
  const found = new Map<number, RowOutcome>();
  const outcomes = {
    set: (rowIndex: number, outcome: RowOutcome) => {
      found.set(rowIndex, outcome);
      onOutcome?.(rowIndex, outcome);
    },
  };
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
  // Each outcome as soon as it is known: a domain's rows when its session is done.
  await Promise.all([
    deps.finder.findBatch(
      finds.map((find) => find.input),
      {
        onResult: (index, result) => {
          const find = finds[index];
          if (find) outcomes.set(find.rowIndex, outcomeOf(result));
        },
        viewer,
      },
    ),
    ...verifies.map(async (row) =>
      outcomes.set(
        row.rowIndex,
        outcomeOf(await deps.finder.verify(row.email, { viewer }), row.email),
      ),
    ),
  ]);
  return found;
}

// Rows are looked up only under the request's credit hold: while it is processing and its hold
// is open. Checked before each chunk is taken and again, under a key-share lock of the request
// row, in the transaction that writes the chunk: a request failed meanwhile (its hold
// released) gets none of its rows written, and a failing or completing transaction (FOR
// UPDATE) waits for a chunk being written, never for one being looked up.
async function isUnderHold(tx: Queryable, requestId: string): Promise<boolean> {
  const [request] = await tx
    .select({ status: bulkRequests.status })
    .from(bulkRequests)
    .where(eq(bulkRequests.id, requestId))
    .for('key share');
  return request?.status === 'processing' && (await isHoldOpen(tx, holdReference(requestId)));
}

// The chunks a job holds, as session-level advisory locks on one connection of its own: a
// worker that dies drops the connection and PostgreSQL frees its chunks at once, with none of
// their rows written. A chunk is freed once its rows are written (or found done already).
type ChunkLocks = {
  // Takes up to `count` of the request's pending chunks that no worker holds, lowest first.
  take: (count: number) => Promise<number[]>;
  free: (chunk: number) => Promise<void>;
  close: () => Promise<void>;
};

async function openChunkLocks(db: Db, requestId: string): Promise<ChunkLocks> {
  const client = await poolOf(db).connect();
  const held = new Set<number>();
  return {
    take: async (count) => {
      // The pending chunks this job does not hold already, each tried in order: LIMIT stops
      // the scan, so no chunk past the count is locked.
      const taken = await client.query<{ chunk: number }>(
        `select chunk from (
           select distinct chunk from bulk_rows
           where request_id = $1 and state = 'pending' and chunk <> all($2::int[])
           order by chunk) pending
         where pg_try_advisory_lock(hashtext($3), chunk)
         limit $4`,
        [requestId, [...held], requestId, count],
      );
      const chunks = taken.rows.map((row) => row.chunk);
      for (const chunk of chunks) held.add(chunk);
      return chunks;
    },
    free: async (chunk) => {
      await client.query('select pg_advisory_unlock(hashtext($1), $2)', [requestId, chunk]);
      held.delete(chunk);
    },
    // The connection is closed, not returned to the pool: whatever it still holds is freed.
    close: async () => {
      client.release(true);
    },
  };
}

// Looks up one held chunk's pending rows and has them written as they come, a domain's rows
// (all that came in one turn of the event loop) at a time; rows already done are never looked
// up again. `written` hears how many rows each write took off the chunk, so that the job can
// take more while a slow domain still answers.
async function processChunk(
  deps: ProcessingDeps,
  requestId: string,
  chunk: number,
  writeRows: (outcomes: Map<number, JudgedOutcome>) => Promise<void>,
  written: (rows: number) => void,
) {
  // read_at: the database's clock, which every other verdict's judgement time is read from.
  const rows = await deps.db.execute<{
    row_index: number;
    query: BulkQuery;
    read_at: string;
    user_id: string;
  }>(
    sql`select r.row_index, r.query, now()::text as read_at, q.user_id
        from bulk_rows r join bulk_requests q on q.id = r.request_id
        where r.request_id = ${requestId} and r.chunk = ${chunk} and r.state = 'pending'`,
  );
  const judgedAt = rows.rows[0]?.read_at;
  const viewer = rows.rows[0]?.user_id;
  if (judgedAt === undefined || viewer === undefined) return;
  const writes: Array<Promise<void>> = [];
  let ready = new Map<number, JudgedOutcome>();
  const write = async (outcomes: Map<number, JudgedOutcome>) => {
    await writeRows(outcomes);
    written(outcomes.size);
  };
  const writeReady = () => {
    if (ready.size === 0) return;
    writes.push(write(ready));
    ready = new Map();
  };
  await lookUpRows(
    deps,
    rows.rows.map((row) => ({ rowIndex: row.row_index, query: row.query })),
    viewer,
    (rowIndex, outcome) => {
      if (ready.size === 0) setImmediate(writeReady);
      ready.set(rowIndex, { ...outcome, judgedAt });
    },
  );
  writeReady();
  await Promise.all(writes);
}

// A chunk's rows with their results, those still pending only. Their verdicts stay the
// request's until its result is paid for (saveBoughtVerdicts): nobody has bought them yet.
async function writeChunk(tx: Tx, requestId: string, outcomes: Map<number, JudgedOutcome>) {
  const values = [...outcomes].map(([rowIndex, outcome]) => ({ rowIndex, ...outcome }));
  await tx.execute(sql`
    update bulk_rows r
    set state = 'done', email = v.email, score = v.score, error = v.error, verdict = v.verdict,
      judged_at = v."judgedAt"
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
      as v("rowIndex" int, email text, score int, error text, verdict jsonb,
        "judgedAt" timestamptz)
    where r.request_id = ${requestId} and r.row_index = v."rowIndex" and r.state = 'pending'`);
}

// The request's counters, counted from its done rows, and one announcement. Chunks no longer
// move them in their own transactions, where each waited for the others' lock on the request
// row (and held a pooled connection meanwhile); a count never goes down, whichever of two
// workers' counts lands last.
async function announceProgress(db: Db, requestId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update bulk_requests r
      set success = greatest(r.success, c.success), fail = greatest(r.fail, c.fail)
      from (select count(email)::int as success, (count(*) - count(email))::int as fail
            from bulk_rows where request_id = ${requestId} and state = 'done') c
      where r.id = ${requestId} and r.status = 'processing'`);
    await notifyProgress(tx, requestId);
  });
}

// The job's writes: rows handed over while a write runs go together in the next one (the
// pattern observations first, then the rows in one transaction, then the counters and one
// announcement), so the more domains finish at once, the fewer round trips a row takes.
function createRowWriter(
  deps: ProcessingDeps,
  requestId: string,
): (outcomes: Map<number, JudgedOutcome>) => Promise<void> {
  let pending = new Map<number, JudgedOutcome>();
  const flush = coalesced(async () => {
    const batch = pending;
    pending = new Map();
    if (batch.size === 0) return;
    await deps.flushPatterns?.();
    await deps.db.transaction(async (tx) => {
      if (await isUnderHold(tx, requestId)) await writeChunk(tx, requestId, batch);
    });
    await announceProgress(deps.db, requestId);
  });
  return (outcomes) => {
    for (const [rowIndex, outcome] of outcomes) pending.set(rowIndex, outcome);
    return flush();
  };
}

// Runs `run` when asked, never twice at once: asked while it runs, it runs once more after,
// for everyone who asked meanwhile.
function coalesced(run: () => Promise<void>): () => Promise<void> {
  let current: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const ask = (): Promise<void> => {
    if (!current) {
      current = run().finally(() => {
        current = undefined;
      });
      return current;
    }
    next ??= current
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return ask();
      });
    return next;
  };
  return ask;
}

// Rows read and encoded at a time when the result files are built.
const resultPage = 2000;

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
    const results = createResultFiles(request.fileName, request.header);
    let successCount = 0;
    let verifiedCount = 0;
    for (let from = 0; from < request.total; from += resultPage) {
      const rows = await readResultRows(tx, requestId, { from, limit: resultPage });
      const found = rows.filter((row) => row.email !== null);
      successCount += found.length;
      verifiedCount += found.filter((row) => (row.score ?? 0) >= VERIFIED_SCORE).length;
      results.add(rows);
    }
    const files = results.finish();
    // One file a statement: the four files' bytes are never one query's parameters.
    for (const file of files) {
      await tx
        .insert(bulkFiles)
        .values({ requestId, ...file })
        .onConflictDoNothing();
    }
    await settleHold(tx, {
      userId: request.userId,
      amount: request.held,
      reference: holdReference(requestId),
      charge: false,
    });
    const [completed] = await tx
      .update(bulkRequests)
      .set({
        status: 'completed',
        success: successCount,
        fail: request.total - successCount,
        successCount,
        verifiedCount,
        completedAt: sql`now()`,
      })
      .where(eq(bulkRequests.id, requestId))
      .returning({ at: bulkRequests.completedAt });
    await notifyProgress(tx, requestId);
    // Not bought yet: the rows verifying given addresses are only counted.
    const shown = events && (await readShownCounts(tx, requestId));
    if (events && shown) {
      await events.emit(
        request.userId,
        'bulk.completed',
        {
          bulk_id: requestId,
          name: request.fileName,
          total: request.total,
          found: shown.found,
          verified: shown.verified,
          to_verify: shown.to_verify,
          completed: (completed?.at ?? new Date()).toISOString(),
        },
        tx,
      );
    }
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

// One `bulk-run` job: chunks are taken while fewer than `slots` chunks' worth of rows are
// being looked up (a chunk whose other domains are written counts only for the rows still
// out), and looked up at once through the shared finder (its own limits spread the SMTP
// sessions); while every pending chunk is held by another worker it looks again every
// `waitMs`, so a chunk freed by a dead worker is taken over at once. Then the request is
// completed.
export async function runBulkRequest(deps: ProcessingDeps, requestId: string): Promise<void> {
  const waitMs = deps.waitMs ?? 250;
  const locks = await openChunkLocks(deps.db, requestId);
  const writeRows = createRowWriter(deps, requestId);
  const running = new Map<number, Promise<number>>();
  // Rows of the running chunks not written yet (a chunk counts as full until it is done).
  let outstanding = 0;
  let wake = () => {};
  // None was left to take: looked for again once a chunk is done, not at every write.
  let exhausted = false;
  let failed: unknown;
  try {
    for (;;) {
      const woken = new Promise<undefined>((resolve) => {
        wake = () => resolve(undefined);
      });
      const open = Math.floor((deps.slots * chunkRows - outstanding) / chunkRows);
      const taken: number[] =
        open > 0 && !exhausted && (await isUnderHold(deps.db, requestId))
          ? await locks.take(open)
          : [];
      exhausted = open > 0 && taken.length < open;
      for (const chunk of taken) {
        let left = chunkRows;
        outstanding += left;
        const done = processChunk(deps, requestId, chunk, writeRows, (rows) => {
          const counted = Math.min(rows, left);
          left -= counted;
          outstanding -= counted;
          wake();
        }).finally(() => {
          outstanding -= left;
          left = 0;
        });
        running.set(
          chunk,
          done.then(async () => {
            await locks.free(chunk);
            return chunk;
          }),
        );
      }
      if (running.size > 0) {
        const finished = await Promise.race([...running.values(), woken]);
        if (finished !== undefined) {
          running.delete(finished);
          exhausted = false;
        }
        continue;
      }
      if (!(await isUnderHold(deps.db, requestId))) break;
      if (!(await hasPendingRows(deps.db, requestId))) break;
      await sleep(waitMs);
    }
  } catch (error) {
    failed = error;
  } finally {
    // A chunk that failed fails the job (pg-boss tries it again); the others finish first.
    await Promise.allSettled(running.values());
    await locks.close();
  }
  if (failed !== undefined) throw failed;
  await completeRequest(deps.db, requestId, deps.webhookEvents);
}

async function hasPendingRows(db: Queryable, requestId: string): Promise<boolean> {
  const pending = await db.execute(
    sql`select 1 from bulk_rows where request_id = ${requestId} and state = 'pending' limit 1`,
  );
  return pending.rows.length > 0;
}
