import { randomUUID } from 'node:crypto';
import {
  BULK_PREVIEW_ROWS,
  bulkPreviewSchema,
  errorAnswerSchema,
  searchMessages,
} from '@mailhound/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App, FeatureDeps } from '../../app.ts';
import { currentUser, tokenRequired } from '../../platform/auth-hook.ts';
import type { Db } from '../../platform/database.ts';
import { conflict, notFound, paymentRequired } from '../../platform/errors.ts';
import { isUuid, readPurchase, readResultRows, readResultSummary } from '../bulk/bulk-store.ts';
import { bulkPurchases, bulkRequests } from '../bulk/schema.ts';
import { maskAddress } from '../companies/masks.ts';
import { applyCreditEntry, InsufficientCreditsError } from '../credits/credit-ledger.ts';
import { resultTable } from './result-files.ts';
import { bulkFiles, type FileKind } from './schema.ts';

export const fileNotFound = 'File not found';
export const resultsNotReady = 'The results are not ready yet.';

const refusals = {
  401: errorAnswerSchema,
  402: errorAnswerSchema,
  404: errorAnswerSchema,
  409: errorAnswerSchema,
};

const idParams = z.object({ id: z.string() });

export function purchaseKey(requestId: string): string {
  return `bulk_purchase:${requestId}`;
}

async function ownRequest(db: Db, userId: string, requestId: string) {
  if (!isUuid(requestId)) throw notFound(fileNotFound);
  const [request] = await db
    .select()
    .from(bulkRequests)
    .where(and(eq(bulkRequests.id, requestId), eq(bulkRequests.userId, userId)));
  if (!request) throw notFound(fileNotFound);
  return request;
}

async function completedRequest(db: Db, userId: string, requestId: string) {
  const request = await ownRequest(db, userId, requestId);
  if (request.status !== 'completed') throw conflict(resultsNotReady);
  return request;
}

async function hasInputFile(db: Db, requestId: string): Promise<boolean> {
  const [file] = await db
    .select({ kind: bulkFiles.kind })
    .from(bulkFiles)
    .where(and(eq(bulkFiles.requestId, requestId), eq(bulkFiles.kind, 'input')));
  return file !== undefined;
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

function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

async function sendFile(db: Db, reply: FastifyReply, requestId: string, kind: FileKind) {
  const [file] = await db
    .select()
    .from(bulkFiles)
    .where(and(eq(bulkFiles.requestId, requestId), eq(bulkFiles.kind, kind)));
  if (!file) throw notFound(fileNotFound);
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachment(file.fileName))
    .header('cache-control', 'private, no-store')
    .send(file.content);
}

// Bulk files (api-spec §7): the preview, the original upload and the two result files.
export function registerFileRoutes(api: App, deps: FeatureDeps): void {
  const typed = api.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/file/:id/preview',
    {
      schema: {
        tags: ['files'],
        summary:
          'Preview of a bulk result: the header row and the first 10 rows, found or not, with the counts of the whole list',
        description:
          'Until the result is paid for (paid false), each address is masked as j•••@acme.com (its first character and its domain), with its score.',
        security: tokenRequired,
        params: idParams,
        response: { 200: bulkPreviewSchema, ...refusals },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const bulk = await completedRequest(deps.db, user.id, request.params.id);
      // The first rows whatever became of them, so a list with nothing found still shows why.
      const [rows, purchase, input, summary] = await Promise.all([
        readResultRows(deps.db, bulk.id, { limit: BULK_PREVIEW_ROWS }),
        readPurchase(deps.db, bulk.id),
        hasInputFile(deps.db, bulk.id),
        readResultSummary(deps.db, bulk.id),
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
    },
  );

  typed.get(
    '/file/:id/input',
    {
      schema: {
        tags: ['files'],
        summary: 'The original upload of a bulk search (file name in Content-Disposition)',
        security: tokenRequired,
        params: idParams,
        response: refusals,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const bulk = await ownRequest(deps.db, user.id, request.params.id);
      return sendFile(deps.db, reply, bulk.id, 'input');
    },
  );

  typed.get(
    '/file/:id/result/:which',
    {
      schema: {
        tags: ['files'],
        summary: 'A bulk result file: full (every row) or success (rows with an address found)',
        description:
          'The first download of an unpaid result charges verifiedCount credits (402 when the available balance is short); later downloads are free. Cells that a spreadsheet would run as formulas are prefixed with an apostrophe.',
        security: tokenRequired,
        params: z.object({ id: z.string(), which: z.enum(['full', 'success']) }),
        querystring: z.object({ format: z.enum(['csv', 'xlsx']).default('csv') }),
        response: refusals,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const bulk = await completedRequest(deps.db, user.id, request.params.id);
      await payForResults(deps.db, {
        id: bulk.id,
        userId: user.id,
        verifiedCount: bulk.verifiedCount ?? 0,
      });
      return sendFile(deps.db, reply, bulk.id, `${request.params.which}.${request.query.format}`);
    },
  );
}
