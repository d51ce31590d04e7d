import {
  errorAnswerSchema,
  healthCheckRequestSchema,
  mailboxAnswerSchema,
  mailboxCampaignsSchema,
  mailboxConnectionSchema,
  mailboxDetailsSchema,
  mailboxFormSchema,
  mailboxHealthSchema,
  mailboxMessages,
  mailboxPageSchema,
  messageAnswerSchema,
  SEARCH_KEY_MAX,
  sendingLimitsSchema,
} from '@mailhound/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMailUser } from '../../platform/access.ts';
import { currentUser, tokenRequired } from '../../platform/auth-hook.ts';
import type { App, FeatureDeps } from '../../platform/http.ts';
import { pageQuerySchema } from '../../platform/paging.ts';
import { rateLimited } from '../../platform/rate-limit.ts';
import { checkHealthNow, createHealthDns, mailboxHealthAnswer } from './health.ts';
import { mailboxHealthQueue } from './jobs.ts';
import {
  createMailbox,
  deleteMailbox,
  findMailbox,
  listMailboxes,
  type MailboxCampaigns,
  type MailboxDeps,
  mailboxAnswer,
  mailboxDeleted,
  resumeSending,
  updateConnection,
  updateDetails,
  updateLimits,
} from './mailboxes.ts';

const idParams = z.object({ id: z.string() });
const errors = {
  400: errorAnswerSchema,
  401: errorAnswerSchema,
  403: errorAnswerSchema,
  404: errorAnswerSchema,
  409: errorAnswerSchema,
};

// Sender mailboxes (api-spec §7 "Mailboxes"), under /api/mail. Passwords are never returned.
export function registerMailboxRoutes(
  api: App,
  deps: FeatureDeps & { mailboxCampaigns: MailboxCampaigns },
): void {
  const typed = api.withTypeProvider<ZodTypeProvider>();
  const mail: MailboxDeps = {
    db: deps.db,
    connections: deps.mailConnections,
    now: () => deps.clock.now(),
  };
  const healthDns = createHealthDns(deps.config);
  // Without workers (tests that need none) the health waits for the daily run.
  const queueHealthCheck = async (mailboxId: string) => {
    await deps.jobs?.send(mailboxHealthQueue, { mailboxId });
  };
  const common = { tags: ['mailboxes'], security: tokenRequired };
  const guarded = { preValidation: requireMailUser };
  const answer = { 200: mailboxAnswerSchema, ...errors };
  // Adding a mailbox or changing its servers looks up both hosts and logs in to both.
  const perHour = deps.rateLimits.mailboxChecksPerHour;
  const checkLimited = rateLimited(
    deps.rateLimiter,
    {
      bucket: 'mailbox-checks',
      max: perHour,
      windowMs: 3_600_000,
      refusal: mailboxMessages.tooManyChecks(perHour),
    },
    (request) => currentUser(request).id,
  );

  typed.get(
    '/mail/mailboxes/list',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'One page of sender mailboxes, newest first',
        querystring: pageQuerySchema,
        response: { 200: mailboxPageSchema, ...errors },
      },
    },
    async (request) => listMailboxes(mail.db, currentUser(request).id, request.query),
  );

  typed.get(
    '/mail/mailboxes/search',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Mailboxes whose e-mail, name or description contains the key',
        // product-spec §5 "Search name": at most 30, as the other mail searches.
        querystring: pageQuerySchema.extend({
          key: z.string().trim().max(SEARCH_KEY_MAX).optional(),
        }),
        response: { 200: mailboxPageSchema, ...errors },
      },
    },
    async (request) => listMailboxes(mail.db, currentUser(request).id, request.query),
  );

  typed.get(
    '/mail/mailboxes/:id',
    {
      ...guarded,
      schema: { ...common, summary: 'One mailbox', params: idParams, response: answer },
    },
    async (request) =>
      mailboxAnswer(await findMailbox(mail.db, currentUser(request).id, request.params.id)),
  );

  typed.get(
    '/mail/mailboxes/:id/campaigns',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'The campaigns that send from a mailbox, for its delete confirmation',
        description:
          'left_without_mailbox: the campaign has no other active mailbox; deleting this one ' +
          'pauses it if it is active.',
        params: idParams,
        response: { 200: mailboxCampaignsSchema, ...errors },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const mailbox = await findMailbox(mail.db, userId, request.params.id);
      return { campaigns: await deps.mailboxCampaigns.using(mail.db, userId, mailbox.id) };
    },
  );

  typed.post(
    '/mail/mailboxes',
    {
      ...guarded,
      preHandler: checkLimited,
      schema: {
        ...common,
        summary: 'Add a mailbox; its SMTP and IMAP logins are checked and the outcome stored',
        body: mailboxFormSchema,
        response: { 201: mailboxAnswerSchema, ...errors, 429: errorAnswerSchema },
      },
    },
    async (request, reply) => {
      const row = await createMailbox(mail, currentUser(request).id, request.body);
      await queueHealthCheck(row.id);
      return reply.status(201).send(mailboxAnswer(row));
    },
  );

  typed.patch(
    '/mail/mailboxes/:id',
    {
      ...guarded,
      schema: {
        ...common,
        summary: "Change a mailbox's name and description",
        params: idParams,
        body: mailboxDetailsSchema,
        response: answer,
      },
    },
    async (request) =>
      mailboxAnswer(
        await updateDetails(mail.db, currentUser(request).id, request.params.id, request.body),
      ),
  );

  typed.patch(
    '/mail/mailboxes/:id/connection',
    {
      ...guarded,
      preHandler: checkLimited,
      schema: {
        ...common,
        summary: "Change a mailbox's login and servers (checked again)",
        description: 'An empty or absent password keeps the stored one.',
        params: idParams,
        body: mailboxConnectionSchema,
        response: { ...answer, 429: errorAnswerSchema },
      },
    },
    async (request) => {
      const row = await updateConnection(
        mail,
        currentUser(request).id,
        request.params.id,
        request.body,
      );
      await queueHealthCheck(row.id);
      return mailboxAnswer(row);
    },
  );

  typed.post(
    '/mail/mailboxes/:id/resume',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Resume the campaign sends that bounce or complaint protection paused',
        description:
          'Clears sending_paused_reason; the protection judges its sends from now on. A mailbox ' +
          'that is not paused is answered unchanged.',
        params: idParams,
        response: answer,
      },
    },
    async (request) =>
      mailboxAnswer(await resumeSending(mail.db, currentUser(request).id, request.params.id)),
  );

  typed.patch(
    '/mail/mailboxes/:id/settings',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Sending limits: emails per day (1 to 50) and the gap range in seconds',
        description:
          'ramp_up: a new mailbox sends 5 mails on its first day and 3 more each day after, up ' +
          'to its limit; true starts it again, false turns it off.',
        params: idParams,
        body: sendingLimitsSchema,
        response: answer,
      },
    },
    async (request) =>
      mailboxAnswer(
        await updateLimits(
          mail.db,
          currentUser(request).id,
          request.params.id,
          request.body,
          deps.clock.now(),
        ),
      ),
  );

  typed.get(
    '/mail/mailboxes/:id/health',
    {
      ...guarded,
      schema: {
        ...common,
        summary: "The mailbox domain's last health check: SPF, DMARC, DKIM, MX, reverse DNS",
        params: idParams,
        response: { 200: mailboxHealthSchema, ...errors },
      },
    },
    async (request) =>
      mailboxHealthAnswer(await findMailbox(mail.db, currentUser(request).id, request.params.id)),
  );

  typed.post(
    '/mail/mailboxes/:id/health',
    {
      ...guarded,
      schema: {
        ...common,
        summary: "Check the mailbox domain's health now",
        description:
          'dkim_selector: the DKIM selector to check; empty checks the common ones, absent keeps ' +
          'the one named before.',
        params: idParams,
        body: healthCheckRequestSchema,
        response: { 200: mailboxHealthSchema, ...errors },
      },
    },
    async (request) =>
      checkHealthNow(
        mail.db,
        healthDns,
        currentUser(request).id,
        request.params.id,
        request.body,
        deps.clock.now(),
      ),
  );

  typed.delete(
    '/mail/mailboxes/:id',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Delete a mailbox',
        description: 'Its active campaigns left without an active mailbox are paused.',
        params: idParams,
        response: { 200: messageAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await deleteMailbox(
        mail.db,
        deps.mailboxCampaigns,
        currentUser(request).id,
        request.params.id,
      );
      return { message: mailboxDeleted };
    },
  );
}
