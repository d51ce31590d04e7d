import { randomUUID } from 'node:crypto';
import {
  BULK_PREVIEW_ROWS,
  type BulkPreview,
  recogniseColumns,
  searchMessages,
} from '@mailhound/contracts';
import type { Db } from '../../platform/database.ts';
import { conflict, notFound, paymentRequired } from '../../platform/errors.ts';
import {
  isUuid,
  type ResultRow,
  readPurchase,
  readResultPrice,
  readResultRows,
  readResultSummary,
  resultTable,
  saveBoughtVerdicts,
  verifiedAddressesOf,
} from '../bulk/index.ts';
import { bulkPurchases, type FileKind } from '../bulk/schema.ts';
import { hidden, maskAddress } from '../companies/index.ts';
import {
  applyCreditEntry,
  claimPaidAddresses,
  InsufficientCreditsError,
} from '../credits/index.ts';
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

// Pays for a request's results once: one credit per distinct verified address the user has
// not paid for yet (in a single search or another result), claimed and charged in one
// transaction with the purchase row, which records the credits charged. An address claimed
// meanwhile by a search or another download is paid for there, once. Two downloads at once
// queue on the claimed addresses and the purchase row; the second pays nothing. The rows'
// verdicts become the user's with the purchase, not before.
export async function payForResults(
  db: Db,
  request: { id: string; userId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (await readPurchase(tx, request.id)) return;
    const credits = await claimPaidAddresses(tx, request.userId, verifiedAddressesOf(request.id));
    if (credits > 0) {
      try {
        await applyCreditEntry(tx, {
          userId: request.userId,
          kind: 'charge',
          amount: credits,
          idempotencyKey: purchaseKey(request.id),
        });
      } catch (error) {
        if (error instanceof InsufficientCreditsError)
          throw paymentRequired(searchMessages.creditsShort);
        throw error;
      }
    }
    await tx
      .insert(bulkPurchases)
      .values({ id: randomUUID(), requestId: request.id, userId: request.userId, credits })
      .onConflictDoNothing();
    await saveBoughtVerdicts(tx, request.id);
  });
}

// The address a row gave to be verified (lower-cased as it was looked up), or null for a row
// that searched for one or was never looked up (no verdict).
function givenAddress(row: ResultRow, emailColumn: number | undefined): string | null {
  if (emailColumn === undefined || row.verdict === null) return null;
  const cell = row.cells[emailColumn]?.trim() ?? '';
  return cell === '' ? null : cell.toLowerCase();
}

// What a result sells stays hidden until it is paid for. A found address shows masked
// (j•••@acme.com) with its score, as the company page shows decision makers. A given address's
// verdict is what is sold: its Email, Score, Status and verdict cells are all masked, found or
// not, so that which rows are masked tells nothing either; the upload's own cells stay.
function unpaidTable(header: string[], rows: ResultRow[]): string[][] {
  const emailColumn = recogniseColumns(header).email;
  const masked = rows.map((row) => ({ ...row, email: row.email && maskAddress(row.email) }));
  const [head = [], ...body] = resultTable(header, masked);
  return [
    head,
    ...body.map((cells, index) => {
      const row = rows[index];
      const given = row ? givenAddress(row, emailColumn) : null;
      if (given === null) return cells;
      return [
        ...cells.slice(0, header.length),
        maskAddress(given),
        ...cells.slice(header.length + 1).map(() => hidden),
      ];
    }),
  ];
}

export async function readPreview(db: Db, userId: string, requestId: string): Promise<BulkPreview> {
  const bulk = await completedRequest(db, userId, requestId);
  // The first rows whatever became of them, so a list with nothing found still shows why.
  const [rows, purchase, input, summary, credits] = await Promise.all([
    readResultRows(db, bulk.id, { limit: BULK_PREVIEW_ROWS }),
    readPurchase(db, bulk.id),
    hasInputFile(db, bulk.id),
    readResultSummary(db, bulk.id),
    readResultPrice(db, userId, bulk.id),
  ]);
  return {
    fileName: bulk.fileName,
    rows: purchase ? resultTable(bulk.header, rows) : unpaidTable(bulk.header, rows),
    paid: purchase !== undefined,
    credits: purchase ? 0 : credits,
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
  await payForResults(db, { id: bulk.id, userId });
  return requireFile(db, bulk.id, kind);
}
