import { bulkPreviewSchema, errorAnswerSchema } from '@mailhound/contracts';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, tokenRequired } from '../../platform/auth-hook.ts';
import type { App, FeatureDeps } from '../../platform/http.ts';
import { buyResultFile, readInputFile, readPreview } from './service.ts';

const refusals = {
  401: errorAnswerSchema,
  402: errorAnswerSchema,
  404: errorAnswerSchema,
  409: errorAnswerSchema,
};

const idParams = z.object({ id: z.string() });

function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function sendFile(
  reply: FastifyReply,
  file: { contentType: string; fileName: string; content: Buffer },
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachment(file.fileName))
    .header('cache-control', 'private, no-store')
    .send(file.content);
}

// Bulk files (api-spec §7): the preview, the original upload and the two result files.
export function registerFileRoutes(api: App, { db }: Pick<FeatureDeps, 'db'>): void {
  const typed = api.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/file/:id/preview',
    {
      schema: {
        tags: ['files'],
        summary:
          'Preview of a bulk result: the header row and the first 10 rows, found or not, with the counts of the whole list',
        description:
          "Until the result is paid for (paid false), each address found is masked as j•••@acme.com (its first character and its domain), with its score; a row that gave an address to verify keeps the upload's cells, and its Email, Score, Status and verdict cells are masked (•••).",
        security: tokenRequired,
        params: idParams,
        response: { 200: bulkPreviewSchema, ...refusals },
      },
    },
    async (request) => readPreview(db, currentUser(request).id, request.params.id),
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
    async (request, reply) =>
      sendFile(reply, await readInputFile(db, currentUser(request).id, request.params.id)),
  );

  typed.get(
    '/file/:id/result/:which',
    {
      schema: {
        tags: ['files'],
        summary: 'A bulk result file: full (every row) or success (rows with an address found)',
        description:
          "The upload's columns, then Email, Score, Status and the verdict on the address (status, accept_all, disposable, webmail, role, mx_records, smtp_check, reason; empty for a row with no verdict). The first download of an unpaid result charges one credit per distinct verified address the user has not paid for yet, in any search (the preview's credits; 402 when the available balance is short); later downloads are free. Cells that a spreadsheet would run as formulas are prefixed with an apostrophe.",
        security: tokenRequired,
        params: z.object({ id: z.string(), which: z.enum(['full', 'success']) }),
        querystring: z.object({ format: z.enum(['csv', 'xlsx']).default('csv') }),
        response: refusals,
      },
    },
    async (request, reply) => {
      const { id, which } = request.params;
      const file = await buyResultFile(
        db,
        currentUser(request).id,
        id,
        `${which}.${request.query.format}`,
      );
      return sendFile(reply, file);
    },
  );
}
