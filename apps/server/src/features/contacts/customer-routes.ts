import {
  bulkMessages,
  contactCopyAnswerSchema,
  contactCreateResultSchema,
  createOrUpdateBodySchema,
  customerAnswerSchema,
  customerTagsSchema,
  customerUpdateSchema,
  noteSchema,
  tagSchema,
} from '@mailhound/contracts';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/auth-hook.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/database.ts';
import { openEventStream } from '../../platform/sse.ts';
import { operationResult, runOperation, startOperation } from './create-or-update.ts';
import {
  addCustomerNote,
  changeCustomer,
  listTags,
  readCustomer,
  replaceCustomerTags,
} from './customers.ts';
import { copyToGroup } from './groups.ts';
import { common, errors, guarded, idParams, idsBody } from './route-schemas.ts';

// What the web's largest import needs: its CSV importer takes a file of at most 5 MB, which
// as JSON repeats the column names in every row, about twice its size for up to ten columns
// (9.5 MB for 5 MB of e-mails and names, 10.8 MB with seven more columns). A bulk result's
// list is at most 10,000 rows (under 2 MB). A 5 MB file of many short columns can exceed it
// (50 columns of ten characters: 16.6 MB) and gets a 413 naming the limit.
const importBodyLimit = 16 * 1024 * 1024;

// Contacts, their tags and notes: /api/mail/customers, /api/mail/tags.
// `uploadLimit` is the upload rate limit, run after the guard.
export function registerCustomerRoutes(
  api: FastifyInstance,
  db: Db,
  uploadLimit: preHandlerAsyncHookHandler,
  clock: Clock,
): void {
  const typed = api.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/mail/customers/:id',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'One contact with custom values, tags and notes',
        params: idParams,
        response: { 200: customerAnswerSchema, ...errors },
      },
    },
    async (request) => readCustomer(db, currentUser(request).id, request.params.id),
  );

  typed.patch(
    '/mail/customers/:id',
    {
      ...guarded,
      schema: {
        ...common,
        summary: "Change a contact's e-mail, names or custom values",
        params: idParams,
        body: customerUpdateSchema,
        response: { 200: customerAnswerSchema, ...errors },
      },
    },
    async (request) =>
      changeCustomer(db, currentUser(request).id, request.params.id, request.body, clock.now()),
  );

  typed.post(
    '/mail/customers/create-or-update',
    {
      ...guarded,
      preHandler: uploadLimit,
      bodyLimit: importBodyLimit,
      schema: {
        ...common,
        summary: 'Create or update contacts by e-mail, streamed (text/event-stream)',
        description:
          'Sends `data: {"progress": n, "total": n}` after each batch of 500, then `data: {"EOF": true, "id": "<operation id>", "skipped": n}`; on failure `event: error` with `{"error": "..."}`.',
        body: createOrUpdateBodySchema,
      },
    },
    // Two calls: a refused import is a plain 4xx, sent before the stream opens.
    async (request, reply) => {
      const userId = currentUser(request).id;
      const operation = await startOperation(db, userId, request.body);
      const stream = openEventStream(reply);
      try {
        const { skipped } = await runOperation(db, userId, request.body, operation, (progress) =>
          stream.send(undefined, progress),
        );
        stream.send(undefined, { EOF: true, id: operation.id, skipped });
      } catch (error) {
        request.log.error({ err: error }, 'contact import failed');
        stream.send('error', { error: bulkMessages.listCreationFailed });
      } finally {
        stream.end();
      }
    },
  );

  typed.get(
    '/mail/customers/create-or-update/:id',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'The contacts a create-or-update operation wrote, in input order',
        params: idParams,
        response: { 200: contactCreateResultSchema, ...errors },
      },
    },
    async (request) => operationResult(db, currentUser(request).id, request.params.id),
  );

  typed.post(
    '/mail/customers/copy',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Add contacts to another list',
        body: idsBody.extend({ group_id: z.string() }),
        response: { 200: contactCopyAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { group_id, customer_ids } = request.body;
      return { copied: await copyToGroup(db, currentUser(request).id, group_id, customer_ids) };
    },
  );

  typed.get(
    '/mail/tags/list',
    {
      ...guarded,
      schema: {
        ...common,
        summary: "The user's tags",
        response: { 200: z.array(tagSchema), ...errors },
      },
    },
    async (request) => listTags(db, currentUser(request).id),
  );

  typed.post(
    '/mail/customers/:id/tags',
    {
      ...guarded,
      schema: {
        ...common,
        summary: "Set a contact's tags (replaces them)",
        params: idParams,
        body: customerTagsSchema,
        response: { 200: customerAnswerSchema, ...errors },
      },
    },
    async (request) =>
      replaceCustomerTags(db, currentUser(request).id, request.params.id, request.body.tags),
  );

  typed.post(
    '/mail/customers/:id/notes',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Add a note to a contact',
        params: idParams,
        body: noteSchema,
        response: { 200: customerAnswerSchema, ...errors },
      },
    },
    async (request) =>
      addCustomerNote(db, currentUser(request).id, request.params.id, request.body.text),
  );
}
