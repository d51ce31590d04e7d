import {
  apiKeyCreatedSchema,
  apiKeyCreateSchema,
  apiKeyListSchema,
  apiKeyMessages,
  apiUsagePageSchema,
  errorAnswerSchema,
  messageAnswerSchema,
} from '@mailhound/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser, tokenRequired } from '../../platform/auth-hook.ts';
import type { App, FeatureDeps } from '../../platform/http.ts';
import { pageQuerySchema } from '../../platform/paging.ts';
import { createApiKey, listApiKeys, readApiUsagePage, revokeApiKey } from './keys.ts';

const errors = {
  400: errorAnswerSchema,
  401: errorAnswerSchema,
  404: errorAnswerSchema,
  409: errorAnswerSchema,
};

// Settings › API (issue 23): the keys of the public `/v2` API, with the login token, as the
// other settings.
export function registerApiKeyRoutes(app: App, deps: FeatureDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['api-keys'], security: tokenRequired };
  const guarded = { preValidation: requireUser };

  typed.get(
    '/api-keys',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Your live API keys, newest first, with their calls this billing period',
        response: { 200: apiKeyListSchema, ...errors },
      },
    },
    async (request) => ({
      keys: await listApiKeys(deps.db, currentUser(request).id, deps.clock.now()),
    }),
  );

  typed.post(
    '/api-keys',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Make an API key; the key is in this answer only',
        body: apiKeyCreateSchema,
        response: { 201: apiKeyCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createApiKey(
        deps.db,
        currentUser(request).id,
        request.body.name,
        deps.clock.now(),
      );
      return reply.status(201).send(created);
    },
  );

  typed.get(
    '/api-keys/usage',
    {
      ...guarded,
      schema: {
        ...common,
        summary: "Your keys' `/v2` calls, newest first",
        querystring: pageQuerySchema,
        response: { 200: apiUsagePageSchema, ...errors },
      },
    },
    async (request) => readApiUsagePage(deps.db, currentUser(request).id, request.query),
  );

  typed.delete(
    '/api-keys/:id',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Revoke an API key: its next call answers 401',
        params: z.object({ id: z.string() }),
        response: { 200: messageAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await revokeApiKey(deps.db, currentUser(request).id, request.params.id, deps.clock.now());
      return { message: apiKeyMessages.revoked };
    },
  );
}
