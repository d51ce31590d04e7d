import {
  errorAnswerSchema,
  messageAnswerSchema,
  WEBHOOKS_MAX,
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookDeliveriesSchema,
  webhookListSchema,
  webhookMessages,
  webhookSchema,
  webhookTestResultSchema,
  webhookUpdateSchema,
} from '@mailhound/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActiveUser } from '../../platform/access.ts';
import { currentUser, tokenRequired } from '../../platform/auth-hook.ts';
import type { App, FeatureDeps } from '../../platform/http.ts';
import { rateLimited } from '../../platform/rate-limit.ts';
import { sendTestEvent } from './emit.ts';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  setWebhookEnabled,
  type WebhookDeps,
} from './webhooks.ts';

const idParams = z.object({ id: z.string() });
const errors = {
  400: errorAnswerSchema,
  401: errorAnswerSchema,
  403: errorAnswerSchema,
  404: errorAnswerSchema,
  409: errorAnswerSchema,
  429: errorAnswerSchema,
};

// Each call makes our servers reach out to a URL the user chose: a user may add or test only
// so many a minute, whatever the number of processes.
const addLimit = {
  bucket: 'webhook-adds',
  max: 10,
  windowMs: 60_000,
  refusal: webhookMessages.tooManyCalls,
};
const testLimit = {
  bucket: 'webhook-tests',
  max: 10,
  windowMs: 60_000,
  refusal: webhookMessages.tooManyCalls,
};

// Settings › Webhooks (issue 23), with the login token as the other settings.
export function registerWebhookRoutes(api: App, deps: FeatureDeps): void {
  const typed = api.withTypeProvider<ZodTypeProvider>();
  const hooks: WebhookDeps = {
    db: deps.db,
    box: deps.mailConnections.box,
    allowPrivateHosts: deps.config.webhooks.allowPrivateHosts,
  };
  const common = { tags: ['webhooks'], security: tokenRequired };
  const guarded = { preValidation: requireActiveUser };

  typed.get(
    '/webhooks',
    {
      ...guarded,
      schema: {
        ...common,
        summary: "The user's webhooks, newest first",
        response: { 200: webhookListSchema, ...errors },
      },
    },
    async (request) => ({ webhooks: await listWebhooks(deps.db, currentUser(request).id) }),
  );

  typed.post(
    '/webhooks',
    {
      ...guarded,
      preHandler: rateLimited(deps.rateLimiter, addLimit, (request) => currentUser(request).id),
      schema: {
        ...common,
        summary: 'Add a webhook; the answer holds its signing secret, shown only this once',
        description: `At most ${WEBHOOKS_MAX} per user. A URL whose host is a private or local address is refused.`,
        body: webhookCreateSchema,
        response: { 201: webhookCreatedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createWebhook(hooks, currentUser(request).id, request.body)),
  );

  typed.patch(
    '/webhooks/:id',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Turn a webhook off or back on',
        params: idParams,
        body: webhookUpdateSchema,
        response: { 200: webhookSchema, ...errors },
      },
    },
    async (request) =>
      setWebhookEnabled(deps.db, currentUser(request).id, request.params.id, request.body.enabled),
  );

  typed.delete(
    '/webhooks/:id',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Delete a webhook and its deliveries',
        params: idParams,
        response: { 200: messageAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await deleteWebhook(deps.db, currentUser(request).id, request.params.id);
      return { message: webhookMessages.deleted };
    },
  );

  typed.post(
    '/webhooks/:id/test',
    {
      ...guarded,
      preHandler: rateLimited(deps.rateLimiter, testLimit, (request) => currentUser(request).id),
      schema: {
        ...common,
        summary:
          'Send a signed `webhook.test` event to the URL once and say what it answered (shown in its deliveries)',
        params: idParams,
        response: { 200: webhookTestResultSchema, ...errors },
      },
    },
    async (request) =>
      sendTestEvent({ ...hooks, clock: deps.clock }, currentUser(request).id, request.params.id),
  );

  typed.get(
    '/webhooks/:id/deliveries',
    {
      ...guarded,
      schema: {
        ...common,
        summary: "A webhook's last 50 delivery attempts, newest first",
        params: idParams,
        response: { 200: webhookDeliveriesSchema, ...errors },
      },
    },
    async (request) => ({
      deliveries: await listDeliveries(deps.db, currentUser(request).id, request.params.id),
    }),
  );
}
