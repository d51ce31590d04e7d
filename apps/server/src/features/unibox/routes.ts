import {
  errorAnswerSchema,
  sendEmailAnswerSchema,
  sendEmailSchema,
  threadDetailSchema,
  threadListQuerySchema,
  threadPageSchema,
  threadSummarySchema,
  threadUpdateSchema,
} from '@mailhound/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMailUser } from '../../platform/access.ts';
import { currentUser, tokenRequired } from '../../platform/auth-hook.ts';
import type { App, FeatureDeps } from '../../platform/http.ts';
import { createLinkTokens } from '../../platform/link-tokens.ts';
import { createMailTransports } from '../../platform/mail/mail-transports.ts';
import { sendThreadEmail } from './send-email.ts';
import { listThreads, readThread, setUnread } from './threads.ts';

const idParams = z.object({ id: z.string() });
const errors = {
  400: errorAnswerSchema,
  401: errorAnswerSchema,
  403: errorAnswerSchema,
  404: errorAnswerSchema,
};

// The Unibox, under /api/mail. The spec shows its screen only in part (product-spec §2
// "Screens") and names one call, POST /send-emails (api-spec §7 "Campaigns and mail"); the
// rest of these calls are ours.
export function registerUniboxRoutes(api: App, deps: FeatureDeps): void {
  const typed = api.withTypeProvider<ZodTypeProvider>();
  const { db, config, clock } = deps;
  const common = { tags: ['unibox'], security: tokenRequired };
  const guarded = { preValidation: requireMailUser };
  const render = { tokens: createLinkTokens(config.tracking.secret), publicUrl: config.publicUrl };
  const transports = createMailTransports(deps.mailConnections);
  api.addHook('onClose', async () => transports.close());

  typed.get(
    '/mail/unibox/threads',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'One page of conversations, newest message first',
        querystring: threadListQuerySchema,
        response: { 200: threadPageSchema, ...errors },
      },
    },
    async (request) => listThreads(db, currentUser(request).id, request.query),
  );

  typed.get(
    '/mail/unibox/threads/:id',
    {
      ...guarded,
      schema: {
        ...common,
        summary: "A conversation's messages, oldest first, and the lead's notes",
        params: idParams,
        response: { 200: threadDetailSchema, ...errors },
      },
    },
    async (request) => readThread(db, render, currentUser(request).id, request.params.id),
  );

  typed.patch(
    '/mail/unibox/threads/:id',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Mark a conversation read or unread',
        params: idParams,
        body: threadUpdateSchema,
        response: { 200: threadSummarySchema, ...errors },
      },
    },
    async (request) =>
      setUnread(db, currentUser(request).id, request.params.id, request.body.unread),
  );

  typed.post(
    '/mail/send-emails',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Reply to the lead or forward, from the conversation’s mailbox',
        body: sendEmailSchema,
        response: {
          200: sendEmailAnswerSchema,
          ...errors,
          409: errorAnswerSchema,
          502: errorAnswerSchema,
        },
      },
    },
    async (request) =>
      sendThreadEmail(
        { db, transports, now: () => clock.now(), render },
        currentUser(request).id,
        request.body,
      ),
  );
}
