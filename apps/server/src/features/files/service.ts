import { randomUUID } from 'node:crypto';
import { BULK_PREVIEW_ROWS, type BulkPreview, searchMessages } from '@mailhound/contracts';
import type { Db } from '../../platform/database.ts';
import { conflict, notFound, paymentRequired } from '../../platform/errors.ts';
import {
  isUuid,
  readPurchase,
  readResultRows,
  readResultSummary,
  resultTable,
} from '../bulk/index.ts';
import { bulkPurchases, type FileKind } from '../bulk/schema.ts';
import { maskAddress } from '../companies/index.ts';
import { applyCreditEntry, InsufficientCreditsError } from '../credits/index.ts';
import { findFile, findOwnRequest, hasInputFile } from './queries.ts';

export const fileNotFound = 'File not found';
export const resultsNotReady = 'The results are not ready yet.';

export function purchaseKey(requestId: string): string {
  return `bulk_purchase:${requestId}`;
}

async function ownRequest(db: Db, userId: string, requestId: string) {
  const request = isUuid(requestId) ? await findOwnRequest(db, userId, requestId) : undefined;
  if (!request) throw notFound(fileNotFound);
  return request;
}

async function completedRequest(db: Db, userId: string, requestId: string) {
  const request = await ownRequest(db, userId, requestId);
  if (request.status !== 'completed') throw conflict(resultsNotReady);
  return request;
}

async function requireFile(db: Db, requestId: string, kind: FileKind) {
  const file = await findFile(db, requestId, kind);
  if (!file) throw notFound(fileNotFound);
  return file;
}

// Pays for a request's results once: `verifiedCount` credits in one ledger entry and a
// purchase row. Two downloads at once queue on the credit account; the second pays nothing.
export async function payForResults(
  db: Db,
  request: { id: string; userId: string; verifiedCount: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (await readPurchase(tx, request.id)) return;
    try {
      await applyCreditEntry(tx, {
        userId: request.userId,
        kind: 'charge',
        amount: request.verifiedCount,
        idempotencyKey: purchaseKey(request.id),
      });
    } catch (error) {
      if (error instanceof InsufficientCreditsError)
        throw paymentRequired(searchMessages.creditsShort);
      throw error;
    }
    await tx
      .insert(bulkPurchases)
      .values({
        id: randomUUID(),
        requestId: request.id,
        userId: request.userId,
        credits: request.verifiedCount,
      })
      .onConflictDoNothing();
  });
}

export async function readPreview(db: Db, userId: string, requestId: string): Promise<BulkPreview> {
  const bulk = await completedRequest(db, userId, requestId);
  // The first rows whatever became of them, so a list with nothing found still shows why.
  const [rows, purchase, input, summary] = await Promise.all([
    readResultRows(db, bulk.id, { limit: BULK_PREVIEW_ROWS }),
    readPurchase(db, bulk.id),
    hasInputFile(db, bulk.id),
    readResultSummary(db, bulk.id),
  ]);
  // Addresses are what a result sells: until it is paid for, each shows masked
  // (j•••@acme.com) with its score, as the company page shows decision makers.
  const shown = purchase
    ? rows
    : rows.map((row) => ({ ...row, email: row.email && maskAddress(row.email) }));
  return {
    fileName: bulk.fileName,
    rows: resultTable(bulk.header, shown),
    paid: purchase !== undefined,
    credits: purchase ? 0 : (bulk.verifiedCount ?? 0),
    hasInputFile: input,
    summary,
  };
}

export async function readInputFile(db: Db, userId: string, requestId: string) {
  const bulk = await ownRequest(db, userId, requestId);
  return requireFile(db, bulk.id, 'input');
}

// A result file; its first download pays for the results.
export async function buyResultFile(
  db: Db,
  userId: string,
  requestId: string,
  kind: Exclude<FileKind, 'input'>,
) {
  const bulk = await completedRequest(db, userId, requestId);
  await payForResults(db, { id: bulk.id, userId, verifiedCount: bulk.verifiedCount ?? 0 });
  return requireFile(db, bulk.id, kind);
}
