import {
  additionalFieldSchema,
  columnNameSchema,
  customColumnValueSchema,
  customerAnswerSchema,
  messageAnswerSchema,
} from '@mailhound/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/auth-hook.ts';
import type { Db } from '../../platform/database.ts';
import { clearCustomerValue, setCustomerValue } from './customers.ts';
import { createField, deleteField, fieldDeleted, listFields } from './fields.ts';
import { common, errors, guarded, idParams } from './route-schemas.ts';

// Custom columns and a contact's values in them: /api/mail/additional-fields,
// /api/mail/customers/:id/additional-fields.
export function registerFieldRoutes(api: FastifyInstance, db: Db): void {
  const typed = api.withTypeProvider<ZodTypeProvider>();

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
    async (request) => listFields(db, currentUser(request).id),
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
      await deleteField(db, currentUser(request).id, request.params.id);
      return { message: fieldDeleted };
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
      const { field, value } = request.body;
      return setCustomerValue(db, currentUser(request).id, request.params.id, field, value);
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
    async (request) =>
      clearCustomerValue(db, currentUser(request).id, request.params.id, request.query.field),
  );
}
