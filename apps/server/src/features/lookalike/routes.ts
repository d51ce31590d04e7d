import multipart from '@fastify/multipart';
import {
  creditsShortAnswerSchema,
  errorAnswerSchema,
  lookalikeHistoryPageSchema,
  lookalikeItemSchema,
  lookalikeSearchEmailsAnswerSchema,
  lookalikeSearchEmailsSchema,
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
import {
  listMessages,
  maxListBytes,
  maxListRows,
  parseCompanyList,
  recognisesAny,
} from './company-list.ts';
import {
  createLookalikeRequest,
  ensureLookalikeAllowed,
  type LookalikeItem,
  lookalikeMessages,
  readLookalikeHistory,
  readLookalikeItem,
  readPreview,
} from './lookalike-store.ts';
import { searchLookalikeEmails } from './search-emails.ts';

const refusals = {
  400: errorAnswerSchema,
  401: errorAnswerSchema,
  402: errorAnswerSchema,
  403: errorAnswerSchema,
  404: errorAnswerSchema,
  413: errorAnswerSchema,
};

// A stream also reads the request now and then, in case an announcement was lost.
const safetyPollMs = 5000;

function uploadName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop()?.trim() ?? '';
  return base.slice(0, 255) || 'companies.csv';
}

async function withPreview(db: Db, item: LookalikeItem): Promise<LookalikeItem> {
  if (!item.result) return item;
  return { ...item, result: { ...item.result, preview: await readPreview(db, item.requestId) } };
}

// Look-alike search (api-spec §7 "Look-alike and rewards", "Search and history"): upload,
// history, detail (JSON or SSE), find e-mails.
export function registerLookalikeRoutes(api: App, deps: FeatureDeps): void {
  const progressHub = progressHubOf(api, deps.db);

  api.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: maxListBytes, files: 1, fields: 10 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/lookalike',
      {
        preValidation: requireActiveUser,
        preHandler: deps.uploadLimit,
        schema: {
          tags: ['lookalike'],
          summary: 'Upload a list of companies for a look-alike search (1 lead search)',
          description: `Multipart field \`file\`: CSV, XLSX or TXT, one column of company names or domains, header optional, at most ${maxListRows.toLocaleString('en-US')} rows. Paid plans only.`,
          security: tokenRequired,
          consumes: ['multipart/form-data'],
          response: { 201: lookalikeItemSchema, ...refusals },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        await ensureLookalikeAllowed(deps.db, user.id);
        const { fileName, bytes } = await readUploadedFile(request, {
          missing: listMessages.empty,
          tooLarge: listMessages.tooLarge,
        });
        const entries = await parseCompanyList(bytes);
        if (!(await recognisesAny(deps.db, entries))) throw badRequest(listMessages.noneRecognised);
        const requestId = await createLookalikeRequest(deps.db, deps.jobs?.boss, {
          userId: user.id,
          fileName: uploadName(fileName),
          entries,
        });
        const item = await readLookalikeItem(deps.db, user.id, requestId);
        if (!item) throw new Error(`look-alike request ${requestId} was not stored`);
        return reply.status(201).send(item);
      },
    );
  });

  const typed = api.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/search-history/lookalike',
    {
      schema: {
        tags: ['lookalike'],
        summary: 'Look-alike history, newest first (no preview)',
        security: tokenRequired,
        querystring: userHistoryQuerySchema,
        response: {
          200: lookalikeHistoryPageSchema,
          401: errorAnswerSchema,
        },
      },
    },
    async (request) => readLookalikeHistory(deps.db, currentUser(request).id, request.query),
  );

  typed.get(
    '/search-history/lookalike/:id',
    {
      schema: {
        tags: ['lookalike'],
        summary: 'One look-alike search: JSON, or while processing an event stream',
        description:
          'JSON carries result.preview (up to 100 contacts of the most similar companies, decision makers first) once completed. With `Accept: text/event-stream` while processing: `event: update` with the item on each change, the last one final (with the preview), then the stream ends.',
        security: tokenRequired,
        params: z.object({ id: z.string() }),
        response: { 200: lookalikeItemSchema, 401: errorAnswerSchema, 404: errorAnswerSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const item = await readLookalikeItem(deps.db, user.id, request.params.id);
      if (!item) throw notFound(lookalikeMessages.notFound);
      const wantsStream = (request.headers.accept ?? '').includes('text/event-stream');
      if (!wantsStream || item.status !== 'processing') return withPreview(deps.db, item);
      await streamUpdates(deps.db, progressHub(), reply, user.id, item, (error) =>
        request.log.error({ err: error }, 'look-alike stream failed'),
      );
      return reply;
    },
  );

  typed.post(
    '/lookalike/search-emails',
    {
      preValidation: requireActiveUser,
      schema: {
        tags: ['lookalike'],
        summary: "Find the e-mail addresses of a look-alike preview's contacts",
        description:
          'Each contact not searched before is a single search: 1 credit per address scored 95 or more. One credit per contact to search must be available first: otherwise 402 with needed, the credits missing, and nobody is searched (a 402 when credits go elsewhere meanwhile keeps the addresses found).',
        security: tokenRequired,
        body: lookalikeSearchEmailsSchema,
        response: {
          200: lookalikeSearchEmailsAnswerSchema,
          ...refusals,
          402: creditsShortAnswerSchema,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // A client that goes away stops the finder; the searches are still settled.
      const abort = new AbortController();
      reply.raw.once('close', () => abort.abort());
      return searchLookalikeEmails(
        {
          db: deps.db,
          finder: deps.finder,
          logFailure: (error) =>
            request.log.error({ err: error }, 'look-alike e-mail search failed'),
        },
        { id: user.id, clientAddress: request.ip },
        request.body.requestId,
        abort.signal,
      );
    },
  );
}

// Sends the item, then each change of it, until its final state (with the preview) is sent.
async function streamUpdates(
  db: Db,
  hub: ProgressHub,
  reply: Parameters<typeof openEventStream>[0],
  userId: string,
  first: LookalikeItem,
  logFailure: (error: unknown) => void,
): Promise<void> {
  const stream = openEventStream(reply);
  stream.send('update', first);
  let finished = false;
  let reading = Promise.resolve();
  let unsubscribe: (() => void) | undefined;
  const finish = () => {
    if (finished) return;
    finished = true;
    clearInterval(poll);
    unsubscribe?.();
    stream.end();
  };
  const read = async () => {
    if (finished) return;
    const item = await readLookalikeItem(db, userId, first.requestId);
    if (finished) return;
    if (!item) return finish();
    if (item.status === 'processing') return;
    stream.send('update', await withPreview(db, item));
    finish();
  };
  const schedule = () => {
    reading = reading.then(read).catch((error: unknown) => {
      logFailure(error);
      finish();
    });
  };
  const poll = setInterval(schedule, safetyPollMs);
  stream.signal.addEventListener('abort', finish, { once: true });
  unsubscribe = await hub.subscribe(first.requestId, schedule);
  if (finished) unsubscribe();
  // The request may have moved between the first read and the subscription.
  schedule();
}
