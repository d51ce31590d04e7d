import multipart from '@fastify/multipart';
import {
  errorAnswerSchema,
  messageAnswerSchema,
  readSuppressionEntries,
  SUPPRESSION_UPLOAD_MAX_BYTES,
  suppressionAddAnswerSchema,
  suppressionAddSchema,
  suppressionMessages,
  suppressionPageSchema,
  suppressionUploadAnswerSchema,
} from '@mailhound/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMailUser } from '../../platform/access.ts';
import { currentUser, tokenRequired } from '../../platform/auth-hook.ts';
import type { App, FeatureDeps } from '../../platform/http.ts';
import { pageQuerySchema } from '../../platform/paging.ts';
import { readUploadedFile } from '../../platform/uploads/read-upload.ts';
import { addSuppressions, deleteSuppression, listSuppressions } from './suppression-list.ts';
import { readSuppressionUpload } from './upload.ts';

const guarded = { preValidation: requireMailUser };
const common = { tags: ['suppression'], security: tokenRequired };
const errors = {
  400: errorAnswerSchema,
  401: errorAnswerSchema,
  403: errorAnswerSchema,
  404: errorAnswerSchema,
};

// Settings › Do-not-email (issue 25): /api/mail/suppression.
export function registerSuppressionRoutes(api: App, deps: FeatureDeps): void {
  const { db } = deps;
  const typed = api.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/mail/suppression',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'One page of the do-not-email list, newest first; key searches the entries',
        querystring: pageQuerySchema.extend({
          key: z.string().max(254).optional(),
        }),
        response: { 200: suppressionPageSchema, ...errors },
      },
    },
    async (request) => listSuppressions(db, currentUser(request).id, request.query),
  );

  typed.post(
    '/mail/suppression',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Add addresses and whole domains (an entry starting with @) to the list',
        body: suppressionAddSchema,
        response: { 201: suppressionAddAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const answer = await addSuppressions(
        db,
        currentUser(request).id,
        readSuppressionEntries(request.body.entries).entries,
        'manual',
      );
      return reply.status(201).send(answer);
    },
  );

  typed.delete(
    '/mail/suppression/:id',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Take an entry off the list',
        params: z.object({ id: z.string() }),
        response: { 200: messageAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await deleteSuppression(db, currentUser(request).id, request.params.id);
      return { message: suppressionMessages.deleted };
    },
  );

  api.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: SUPPRESSION_UPLOAD_MAX_BYTES, files: 1, fields: 10 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/mail/suppression/upload',
      {
        ...guarded,
        preHandler: deps.uploadLimit,
        schema: {
          ...common,
          summary: 'Add the addresses and @domains of a CSV or XLSX file to the list',
          description:
            'Multipart field `file`: one column of addresses or @domains (a column named e-mail when there is a header). Rows that are neither are skipped and named in `skipped`; a file with no good row is refused, naming its rows.',
          consumes: ['multipart/form-data'],
          response: { 201: suppressionUploadAnswerSchema, ...errors, 413: errorAnswerSchema },
        },
      },
      async (request, reply) => {
        const { bytes } = await readUploadedFile(request, {
          missing: suppressionMessages.fileMissing,
          tooLarge: suppressionMessages.fileTooLarge,
        });
        const { entries, badRows } = await readSuppressionUpload(bytes);
        const answer = await db.transaction((tx) =>
          addSuppressions(tx, currentUser(request).id, entries, 'manual'),
        );
        const skipped = badRows.length > 0 ? suppressionMessages.skippedRows(badRows) : null;
        return reply.status(201).send({ ...answer, skipped });
      },
    );
  });
}
