import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { notifyProgress } from '../../platform/progress-hub.ts';
import type { WebhookEvents } from '../../platform/webhook-events.ts';
import { applyCreditEntry } from '../credits/index.ts';
import { resolveCompanyList } from './company-list.ts';
import { findLookalikes } from './engine.ts';
import { leadSearchRefundKey, lookalikeMessages } from './lookalike-store.ts';
import { similarityThreshold } from './similarity.ts';
import { vectoriseNewCompanies } from './vector-store.ts';

// The `lookalike-run` job: resolve the list, rank, store. The result is written in one
// transaction with the status, so a worker that dies before it leaves the request processing
// for the retry, which starts again from the list.
// The user's webhooks are told of the completed request in the transaction that completes it.
export async function runLookalikeRequest(
  db: Db,
  requestId: string,
  events?: WebhookEvents,
): Promise<void> {
  const found = await db.execute<{ entries: string[] }>(sql`
    select entries from lookalike_requests where id = ${requestId} and status = 'processing'`);
  const request = found.rows[0];
  if (!request) return;
  await vectoriseNewCompanies(db);
  const listIds = await resolveCompanyList(db, request.entries);
  if (listIds.length === 0) {
    await finish(db, requestId, { error: lookalikeMessages.noCompanies });
    return;
  }
  const result = await findLookalikes(db, listIds);
  // Only the companies the total counts as similar: the preview's contacts (and the e-mails
  // Find Emails pays for) come from these.
  const ranked = result.ranked.filter((entry) => entry.score >= similarityThreshold);
  const totalCount = result.totalCount;
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from lookalike_results where request_id = ${requestId}`);
    if (ranked.length > 0) {
      await tx.execute(sql`
        insert into lookalike_results (request_id, rank, company_id, score)
        select ${requestId}, r.rank, r.company_id, r.score
        from unnest(${sql.param(ranked.map((_, index) => index + 1))}::int[],
          ${sql.param(ranked.map((entry) => entry.companyId))}::bigint[],
          ${sql.param(ranked.map((entry) => entry.score))}::real[]) as r(rank, company_id, score)`);
    }
    const completed = await tx.execute<{ user_id: string; file_name: string; at: Date }>(sql`
      update lookalike_requests set status = 'completed', total_count = ${totalCount},
        list_company_ids = ${JSON.stringify(listIds)}::jsonb, completed_at = now()
      where id = ${requestId} and status = 'processing'
      returning user_id, file_name, completed_at as at`);
    await notifyProgress(tx, requestId);
    const request = completed.rows[0];
    if (request && events) {
      const data = {
        lookalike_id: requestId,
        name: request.file_name,
        total: totalCount,
        completed: new Date(request.at).toISOString(),
      };
      await events.emit(request.user_id, 'lookalike.completed', data, tx);
    }
  });
}

// A request that ends in an error gives its lead search back, in the transaction that marks
// it failed (once: the entry's key is the request's). The ledger has no refund kind, so the
// search returns as a lead-only bonus entry.
export async function finish(db: Db, requestId: string, outcome: { error: string }) {
  await db.transaction(async (tx) => {
    const failed = await tx.execute<{ user_id: string }>(sql`
      update lookalike_requests set status = 'error', error = ${outcome.error}, completed_at = now()
      where id = ${requestId} and status = 'processing' returning user_id`);
    const userId = failed.rows[0]?.user_id;
    if (userId) {
      await applyCreditEntry(tx, {
        userId,
        kind: 'bonus',
        amount: 0,
        leadAmount: 1,
        idempotencyKey: leadSearchRefundKey(requestId),
      });
    }
    await notifyProgress(tx, requestId);
  });
}
