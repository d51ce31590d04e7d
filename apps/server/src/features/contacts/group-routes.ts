import {
  contactListExtendedSchema,
  contactListPageSchema,
  contactListSchema,
  contactMessages,
  customerPageSchema,
  errorAnswerSchema,
  listNameFormSchema,
  listNameSchema,
  messageAnswerSchema,
  SEARCH_KEY_MAX,
} from '@mailhound/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/auth-hook.ts';
import type { Db } from '../../platform/database.ts';
import { conflict } from '../../platform/errors.ts';
import { pageQuerySchema, sortOrderSchema } from '../../platform/paging.ts';
import {
  ActiveCampaignError,
  type ActiveCampaignsOfList,
  addOrRemoveMembers,
  createGroup,
  deleteGroup,
  groupCustomerPage,
  groupSortColumns,
  isNameTaken,
  listDeleted,
  listGroups,
  readGroup,
  readGroupExtended,
  renameGroup,
} from './groups.ts';
import { common, errors, guarded, idParams, idsBody } from './route-schemas.ts';

const groupListQuery = pageQuerySchema.extend({
  column: z.enum(groupSortColumns).default('created'),
  order: sortOrderSchema.optional(),
});

// Contact lists: /api/mail/groups.
export function registerGroupRoutes(
  api: FastifyInstance,
  db: Db,
  activeCampaignsOfList: ActiveCampaignsOfList,
): void {
  const typed = api.withTypeProvider<ZodTypeProvider>();

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
    async (request) => listGroups(db, currentUser(request).id, request.query),
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
    async (request) => listGroups(db, currentUser(request).id, request.query),
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
      const { name, customer_ids } = request.body;
      const group = await createGroup(db, currentUser(request).id, name, customer_ids);
      return reply.status(201).send(group);
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
    async (request) =>
      renameGroup(db, currentUser(request).id, request.params.id, request.body.name),
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
        await deleteGroup(db, activeCampaignsOfList, currentUser(request).id, request.params.id);
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

  for (const [path, action, summary] of [
    ['add-users', 'add', 'Add contacts to the list'],
    ['del-users', 'remove', 'Remove contacts from the list'],
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
      async (request) =>
        addOrRemoveMembers(
          db,
          currentUser(request).id,
          request.params.id,
          action,
          request.body.customer_ids,
        ),
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
    async (request) =>
      groupCustomerPage(db, currentUser(request).id, request.params.id, request.query),
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
    async (request) =>
      readGroupExtended(db, currentUser(request).id, request.params.id, request.query),
  );
}
