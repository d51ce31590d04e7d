import multipart from '@fastify/multipart';
import {
  bulkHistoryPageSchema,
  bulkItemSchema,
  creditsShortAnswerSchema,
  errorAnswerSchema,
  userHistoryQuerySchema,
} from '@mailhound/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActiveUser } from '../../platform/access.ts';
import { currentUser, tokenRequired } from '../../platform/auth-hook.ts';
import type { Db } from '../../platform/database.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { App, FeatureDeps } from '../../platform/http.ts';
import { type ProgressHub, progressHubOf } from '../../platform/progress-hub.ts';
import { openEventStream } from '../../platform/sse.ts';
import { readUploadedFile } from '../../platform/uploads/read-upload.ts';
import { recordPeopleSeen } from '../search/index.ts';
import { type BulkItem, createBulkRequest, readBulkHistory, readBulkItem } from './bulk-store.ts';
import {
  isSpreadsheetName,
  maxUploadBytes,
  maxUploadRows,
  parseUpload,
  peopleOfUpload,
  uploadMessages,
} from './upload-file.ts';

export const bulkNotFound = 'Bulk search not found';

// The signed-in history query, and one request's row when the screen follows it.
const historyQuerySchema = userHistoryQuerySchema.extend({ requestId: z.string().optional() });

const refusals = {
  400: errorAnswerSchema,
  401: errorAnswerSchema,
  402: errorAnswerSchema,
  403: errorAnswerSchema,
  404: errorAnswerSchema,
  413: errorAnswerSchema,
};

// A stream sends at most this often: about 4 updates a second (our choice; api-spec §4 only
// says each update event refreshes the view).
const updateIntervalMs = 250;
// A stream also reads the request now and then, in case an announcement was lost.
const safetyPollMs = 5000;

// The name without a client's folders (a spreadsheet name, so never empty).
function uploadName(name: string): string {
  const base = name.split(/[\\/]/).pop()?.trim() ?? name;
  return base.slice(0, 255);
}

export function registerBulkRoutes(api: App, deps: FeatureDeps): void {
  const progressHub = progressHubOf(api, deps.db);

  // Multipart is parsed in this scope only, with the upload's size limit.
  api.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: maxUploadBytes, files: 1, fields: 10 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/person/bulk',
      {
        preValidation: requireActiveUser,
        preHandler: deps.uploadLimit,
        schema: {
          tags: ['bulk'],
          summary: 'Upload a list (CSV or XLSX) for a bulk search',
          description: `Multipart field \`file\`: CSV or XLSX, at most ${maxUploadBytes / 1048576} MB and ${maxUploadRows.toLocaleString('en-US')} data rows. Columns by header: first name, last name, company website or name; an email column verifies that address. One credit per row to search is held while processing (402 with needed, the credits missing, when fewer are available; nothing is stored then); a result is paid for when first downloaded, one credit per distinct verified address the user has not paid for yet (duplicates, and addresses already bought in any search, are free).`,
          security: tokenRequired,
          consumes: ['multipart/form-data'],
          response: { 201: bulkItemSchema, ...refusals, 402: creditsShortAnswerSchema },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const { fileName, bytes } = await readUploadedFile(request, {
          missing: uploadMessages.notSpreadsheet,
          tooLarge: uploadMessages.tooLarge,
        });
        if (!isSpreadsheetName(fileName)) throw badRequest(uploadMessages.notSpreadsheet);
        const parsed = await parseUpload(bytes);
        const requestId = await createBulkRequest(deps.db, deps.jobs?.boss, {
          ...parsed,
          userId: user.id,
          fileName: uploadName(fileName),
          contentType:
            parsed.format === 'csv'
              ? 'text/csv'
              : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          bytes,
        });
        await recordPeopleSeen(deps.db, peopleOfUpload(parsed), 'known', user.id);
        const item = await readBulkItem(deps.db, user.id, requestId);
        if (!item) throw new Error(`bulk request ${requestId} was not stored`);
        return reply.status(201).send(item);
      },
    );
  });

  const typed = api.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/search-history/bulk',
    {
      schema: {
        tags: ['bulk'],
        summary: 'Bulk search history, newest first',
        security: tokenRequired,
        querystring: historyQuerySchema,
        response: { 200: bulkHistoryPageSchema, 401: errorAnswerSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return readBulkHistory(deps.db, user.id, request.query);
    },
  );

  typed.get(
    '/search-history/bulk/:id',
    {
      schema: {
        tags: ['bulk'],
        summary: 'One bulk search: JSON, or while processing an event stream of update events',
        description:
          'With `Accept: text/event-stream` and the request still processing: `event: update` with the item on every progress change (at most about 4 a second), the last one with the final state, then the stream ends. Otherwise JSON.',
        security: tokenRequired,
        params: z.object({ id: z.string() }),
        response: { 200: bulkItemSchema, 401: errorAnswerSchema, 404: errorAnswerSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { id } = request.params;
      const item = await readBulkItem(deps.db, user.id, id);
      if (!item) throw notFound(bulkNotFound);
      const wantsStream = (request.headers.accept ?? '').includes('text/event-stream');
      if (!wantsStream || item.status !== 'processing') return item;
      await streamProgress(deps.db, progressHub(), reply, user.id, item, (error) =>
        request.log.error({ err: error }, 'bulk stream failed'),
      );
      return reply;
    },
  );
}

// Sends the item, then each change of it (throttled), until its final state has been sent.
async function streamProgress(
  db: Db,
  hub: ProgressHub,
  reply: Parameters<typeof openEventStream>[0],
  userId: string,
  first: BulkItem,
  logFailure: (error: unknown) => void,
): Promise<void> {
  const stream = openEventStream(reply);
  let lastSent = JSON.stringify(first);
  stream.send('update', first);
  let lastAt = Date.now();
  let timer: NodeJS.Timeout | undefined;
  let reading = Promise.resolve();
  let finished = false;
  let unsubscribe: (() => void) | undefined;

  const finish = () => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    clearInterval(poll);
    unsubscribe?.();
    stream.end();
  };
  const read = async () => {
    const item = await readBulkItem(db, userId, first.requestId);
    if (finished) return;
    if (!item) return finish();
    const text = JSON.stringify(item);
    if (text !== lastSent) {
      lastSent = text;
      lastAt = Date.now();
      stream.send('update', item);
    }
    if (item.status !== 'processing') finish();
  };
  const schedule = () => {
    if (finished || timer) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        reading = reading.then(read).catch((error: unknown) => {
          logFailure(error);
          finish();
        });
      },
      Math.max(0, lastAt + updateIntervalMs - Date.now()),
    );
  };
  const poll = setInterval(schedule, safetyPollMs);
  stream.signal.addEventListener('abort', finish, { once: true });
  unsubscribe = await hub.subscribe(first.requestId, schedule);
  if (finished) unsubscribe();
  // The request may have moved between the first read and the subscription.
  schedule();
}
