import {
  additionalFieldSchema,
  columnNameSchema,
  contactCopyAnswerSchema,
  contactCreateResultSchema,
  contactListExtendedSchema,
  contactListPageSchema,
  contactListSchema,
  contactMessages,
  customColumnValueSchema,
  customerAnswerSchema,
  customerPageSchema,
  customerTagsSchema,
  customerUpdateSchema,
  errorAnswerSchema,
  listNameFormSchema,
  listNameSchema,
  messageAnswerSchema,
  noteSchema,
  SEARCH_KEY_MAX,
  tagSchema,
} from '@mailhound/contracts';
import { and, eq } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App, FeatureDeps } from '../../app.ts';
import { currentUser, tokenRequired } from '../../platform/auth-hook.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { requireMailUser } from '../companies/access.ts';
import { openEventStream } from '../search/event-stream.ts';
import {
  createOrUpdateBodySchema,
  operationResult,
  runOperation,
  startOperation,
} from './create-or-update.ts';
import {
  addNote,
  createField,
  fieldNotFound,
  readCustomer,
  removeFieldValue,
  requireOwnCustomers,
  setFieldValue,
  setTags,
  updateCustomer,
} from './customers.ts';
import {
  ActiveCampaignError,
  addToGroup,
  createGroup,
  deleteGroup,
  fieldNames,
  groupSortColumns,
  isNameTaken,
  listDeleted,
  listGroupCustomers,
  listGroups,
  readGroup,
  removeFromGroup,
  renameGroup,
  requireOwnGroup,
} from './groups.ts';
import { isId, pageQuerySchema, sortOrderSchema } from './paging.ts';
import { additionalFields, tags } from './schema.ts';

const idParams = z.object({ id: z.string() });
const idsBody = z.object({ customer_ids: z.array(z.string()).max(100_000) }).strict();
const groupListQuery = pageQuerySchema.extend({
  column: z.enum(groupSortColumns).default('created'),
  order: sortOrderSchema.optional(),
});
const errors = {
  400: errorAnswerSchema,
  401: errorAnswerSchema,
  403: errorAnswerSchema,
  404: errorAnswerSchema,
  409: errorAnswerSchema,
};
// Large imports: a CSV of tens of thousands of contacts is a few megabytes of JSON.
const importBodyLimit = 32 * 1024 * 1024;

// The mail service's contacts API (mail-api.md), under /api/mail. Every query is the caller's.
export function registerContactRoutes(api: App, deps: FeatureDeps): void {
  const typed = api.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const common = { tags: ['contacts'], security: tokenRequired };
  const guarded = { preValidation: requireMailUser };

  typed.get(
    '/mail/groups/list',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'One page of contact lists',
        querystring: groupListQuery,
        response: { 200: contactListPageSchema, ...errors },
      },
    },
    async (request) => {
      const { column, order } = request.query;
      return listGroups(db, currentUser(request).id, {
        ...request.query,
        order: order ?? (column === 'created' ? 'desc' : 'asc'),
      });
    },
  );

  typed.get(
    '/mail/groups/search',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Contact lists whose name contains the key (2 characters or more)',
        querystring: groupListQuery.extend({ key: z.string().trim().min(2).max(SEARCH_KEY_MAX) }),
        response: { 200: contactListPageSchema, ...errors },
      },
    },
    async (request) => {
      const { column, order } = request.query;
      return listGroups(db, currentUser(request).id, {
        ...request.query,
        order: order ?? (column === 'created' ? 'desc' : 'asc'),
      });
    },
  );

  typed.get(
    '/mail/groups/check',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Whether a list name is free (trimmed, collapsed, ignoring case)',
        querystring: z.object({ name: listNameSchema }),
        response: { 200: z.object({ available: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      if (await isNameTaken(db, currentUser(request).id, request.query.name)) {
        throw conflict(contactMessages.nameInUse);
      }
      return { available: true as const };
    },
  );

  typed.post(
    '/mail/groups',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Create a contact list, optionally with contacts',
        body: z.object({
          name: listNameSchema,
          customer_ids: z.array(z.string()).max(100_000).default([]),
        }),
        response: { 201: contactListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const id = await createGroup(db, userId, request.body.name, request.body.customer_ids);
      return reply.status(201).send(await readGroup(db, userId, id));
    },
  );

  typed.get(
    '/mail/groups/:id',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'One contact list',
        params: idParams,
        response: { 200: contactListSchema, ...errors },
      },
    },
    async (request) => readGroup(db, currentUser(request).id, request.params.id),
  );

  typed.patch(
    '/mail/groups/:id',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Rename a contact list',
        params: idParams,
        body: listNameFormSchema,
        response: { 200: contactListSchema, ...errors },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await renameGroup(db, userId, request.params.id, request.body.name);
      return readGroup(db, userId, request.params.id);
    },
  );

  typed.delete(
    '/mail/groups/:id',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Delete a contact list (refused while an active campaign uses it)',
        params: idParams,
        response: {
          200: messageAnswerSchema,
          ...errors,
          409: errorAnswerSchema.extend({
            campaigns: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
          }),
        },
      },
    },
    async (request, reply) => {
      try {
        await deleteGroup(db, currentUser(request).id, request.params.id);
      } catch (error) {
        if (!(error instanceof ActiveCampaignError)) throw error;
        return reply.status(409).send({
          statusCode: 409,
          error: 'Conflict',
          message: error.message,
          campaigns: error.campaigns,
        });
      }
      return { message: listDeleted };
    },
  );

  for (const [path, summary] of [
    ['add-users', 'Add contacts to the list'],
    ['del-users', 'Remove contacts from the list'],
  ] as const) {
    typed.patch(
      `/mail/groups/:id/${path}`,
      {
        ...guarded,
        schema: {
          ...common,
          summary,
          params: idParams,
          body: idsBody,
          response: { 200: contactListSchema, ...errors },
        },
      },
      async (request) => {
        const userId = currentUser(request).id;
        const groupId = request.params.id;
        await db.transaction(async (tx) => {
          await requireOwnGroup(tx, userId, groupId);
          const ids = await requireOwnCustomers(tx, userId, request.body.customer_ids);
          if (path === 'add-users') await addToGroup(tx, userId, groupId, ids);
          else await removeFromGroup(tx, groupId, ids);
        });
        return readGroup(db, userId, groupId);
      },
    );
  }

  typed.get(
    '/mail/groups/:id/search',
    {
      ...guarded,
      schema: {
        ...common,
        summary: "The list's contacts; key matches the e-mail or a name",
        params: idParams,
        querystring: pageQuerySchema.extend({
          key: z.string().trim().max(SEARCH_KEY_MAX).optional(),
        }),
        response: { 200: customerPageSchema, ...errors },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await requireOwnGroup(db, userId, request.params.id);
      return listGroupCustomers(db, userId, request.params.id, request.query);
    },
  );

  typed.get(
    '/mail/groups/:id/extended',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'The list, its custom column names and one page of its contacts',
        params: idParams,
        querystring: pageQuerySchema,
        response: { 200: contactListExtendedSchema, ...errors },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const group = await readGroup(db, userId, request.params.id);
      const page = await listGroupCustomers(db, userId, request.params.id, request.query);
      return { group, columns: await fieldNames(db, userId), ...page };
    },
  );

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
    async (request) => {
      const userId = currentUser(request).id;
      await readCustomer(db, userId, request.params.id);
      await db.transaction((tx) => updateCustomer(tx, userId, request.params.id, request.body));
      return readCustomer(db, userId, request.params.id);
    },
  );

  typed.post(
    '/mail/customers/create-or-update',
    {
      ...guarded,
      preHandler: deps.uploadLimit,
      bodyLimit: importBodyLimit,
      schema: {
        ...common,
        summary: 'Create or update contacts by e-mail, streamed (text/event-stream)',
        description:
          'Sends `data: {"progress": n, "total": n}` after each batch of 500, then `data: {"EOF": true, "id": "<operation id>", "skipped": n}`; on failure `event: error` with `{"error": "..."}`.',
        body: createOrUpdateBodySchema,
      },
    },
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
        stream.send('error', { error: 'Something went wrong, please try again later' });
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
      const userId = currentUser(request).id;
      const copied = await db.transaction(async (tx) => {
        await requireOwnGroup(tx, userId, request.body.group_id);
        const ids = await requireOwnCustomers(tx, userId, request.body.customer_ids);
        return addToGroup(tx, userId, request.body.group_id, ids);
      });
      return { copied };
    },
  );

  typed.get(
    '/mail/additional-fields/list',
    {
      ...guarded,
      schema: {
        ...common,
        summary: "The user's custom columns",
        response: { 200: z.array(additionalFieldSchema), ...errors },
      },
    },
    async (request) =>
      db
        .select({ id: additionalFields.id, name: additionalFields.name })
        .from(additionalFields)
        .where(eq(additionalFields.userId, currentUser(request).id))
        .orderBy(additionalFields.createdAt, additionalFields.name),
  );

  typed.post(
    '/mail/additional-fields',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Add a custom column (name of 20 characters at most)',
        body: z.object({ name: columnNameSchema }).strict(),
        response: { 200: additionalFieldSchema, ...errors },
      },
    },
    async (request) => createField(db, currentUser(request).id, request.body.name),
  );

  typed.delete(
    '/mail/additional-fields/:id',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Delete a custom column and its values',
        params: idParams,
        response: { 200: messageAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const deleted = isId(id)
        ? await db
            .delete(additionalFields)
            .where(
              and(
                eq(additionalFields.id, id),
                eq(additionalFields.userId, currentUser(request).id),
              ),
            )
            .returning({ id: additionalFields.id })
        : [];
      if (deleted.length === 0) throw notFound(fieldNotFound);
      return { message: 'The custom field was deleted.' };
    },
  );

  typed.post(
    '/mail/customers/:id/additional-fields',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Set one custom value of a contact (the column is added when new)',
        params: idParams,
        body: z.object({ field: columnNameSchema, value: customColumnValueSchema }).strict(),
        response: { 200: customerAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { field, value } = request.body;
      await readCustomer(db, userId, request.params.id);
      if (['email', 'fname', 'lname'].includes(field.toLowerCase())) {
        throw conflict(contactMessages.nameInUse);
      }
      await db.transaction((tx) => setFieldValue(tx, userId, request.params.id, field, value));
      return readCustomer(db, userId, request.params.id);
    },
  );

  typed.delete(
    '/mail/customers/:id/additional-fields',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Clear one custom value of a contact',
        params: idParams,
        querystring: z.object({ field: z.string().trim().min(1) }),
        response: { 200: customerAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await readCustomer(db, userId, request.params.id);
      await removeFieldValue(db, userId, request.params.id, request.query.field);
      return readCustomer(db, userId, request.params.id);
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
    async (request) =>
      db
        .select({ id: tags.id, name: tags.name })
        .from(tags)
        .where(eq(tags.userId, currentUser(request).id))
        .orderBy(tags.name),
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
    async (request) => {
      const userId = currentUser(request).id;
      await readCustomer(db, userId, request.params.id);
      await db.transaction((tx) => setTags(tx, userId, request.params.id, request.body.tags));
      return readCustomer(db, userId, request.params.id);
    },
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
    async (request) => {
      const userId = currentUser(request).id;
      await readCustomer(db, userId, request.params.id);
      await addNote(db, userId, request.params.id, request.body.text);
      return readCustomer(db, userId, request.params.id);
    },
  );
}
