import {
  campaignAnswerSchema,
  campaignCreateSchema,
  campaignPageSchema,
  campaignSettingsSchema,
  emailTemplateSchema,
  errorAnswerSchema,
  messageAnswerSchema,
  SEARCH_KEY_MAX,
} from '@mailhound/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMailUser } from '../../platform/access.ts';
import { currentUser, tokenRequired } from '../../platform/auth-hook.ts';
import type { App, FeatureDeps } from '../../platform/http.ts';
import { pageQuerySchema, sortOrderSchema } from '../../platform/paging.ts';
import { campaignUpdateSchema, notReadyAnswerSchema } from './answers.ts';
import {
  campaignAnswer,
  campaignDeleted,
  campaignSortColumns,
  createCampaign,
  deleteCampaign,
  findCampaign,
  listCampaigns,
  NotReadyError,
  updateCampaign,
  updateSettings,
} from './campaigns.ts';
import { queueTicksOnStart } from './start-sending.ts';
import {
  createTemplate,
  deleteTemplate,
  listTemplates,
  readTemplate,
  templateCreateSchema,
  templateDeleted,
} from './templates.ts';

const idParams = z.object({ id: z.string() });
const errors = {
  400: errorAnswerSchema,
  401: errorAnswerSchema,
  403: errorAnswerSchema,
  404: errorAnswerSchema,
  409: errorAnswerSchema,
};
const listQuery = pageQuerySchema.extend({
  column: z.enum(campaignSortColumns).default('created'),
  order: sortOrderSchema.default('desc'),
});
const searchQuery = pageQuerySchema.extend({
  key: z.string().trim().max(SEARCH_KEY_MAX).optional(),
  column: z.enum(campaignSortColumns).default('name'),
  order: sortOrderSchema.default('asc'),
});

// Campaigns and e-mail templates (api-spec §7 "Campaigns and mail"; answers in
// packages/contracts/src/mail.ts), under /api/mail.
export function registerCampaignRoutes(api: App, deps: FeatureDeps): void {
  const typed = api.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = deps;
  const common = { tags: ['campaigns'], security: tokenRequired };
  const guarded = { preValidation: requireMailUser };
  const answer = { 200: campaignAnswerSchema, ...errors };

  typed.get(
    '/mail/campaigns/list',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'One page of campaigns, newest first unless sorted',
        querystring: listQuery,
        response: { 200: campaignPageSchema, ...errors },
      },
    },
    async (request) => listCampaigns(db, currentUser(request).id, request.query, clock.now()),
  );

  typed.get(
    '/mail/campaigns/search',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Campaigns whose name contains the key, A-Z unless sorted',
        querystring: searchQuery,
        response: { 200: campaignPageSchema, ...errors },
      },
    },
    async (request) => listCampaigns(db, currentUser(request).id, request.query, clock.now()),
  );

  typed.post(
    '/mail/campaigns',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Create a campaign (always paused)',
        body: campaignCreateSchema,
        response: { 201: campaignAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const row = await createCampaign(db, currentUser(request).id, request.body);
      return reply.status(201).send(await campaignAnswer(db, row, clock.now()));
    },
  );

  typed.get(
    '/mail/campaigns/:id',
    {
      ...guarded,
      schema: { ...common, summary: 'One campaign', params: idParams, response: answer },
    },
    async (request) =>
      campaignAnswer(
        db,
        await findCampaign(db, currentUser(request).id, request.params.id),
        clock.now(),
      ),
  );

  typed.patch(
    '/mail/campaigns/:id',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Rename, pick the contact list, set schedules and steps, start or pause',
        description: "Starting needs a ready campaign; otherwise 400 names what's missing.",
        params: idParams,
        body: campaignUpdateSchema,
        response: { ...answer, 400: notReadyAnswerSchema.or(errorAnswerSchema) },
      },
    },
    async (request, reply) => {
      try {
        const row = await updateCampaign(
          db,
          currentUser(request).id,
          request.params.id,
          request.body,
          deps.webhookEvents,
        );
        if (request.body.status === 'active') await queueTicksOnStart(deps.jobs, request.log);
        return await campaignAnswer(db, row, clock.now());
      } catch (error) {
        if (!(error instanceof NotReadyError)) throw error;
        return reply.status(400).send({
          statusCode: 400 as const,
          error: 'Bad Request',
          message: error.message,
          missing: error.missing,
        });
      }
    },
  );

  typed.patch(
    '/mail/campaigns/:id/settings',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Sending settings and the mailboxes to send from',
        description: 'send_as_text turns both tracking switches off.',
        params: idParams,
        body: campaignSettingsSchema,
        response: answer,
      },
    },
    async (request) =>
      campaignAnswer(
        db,
        await updateSettings(db, currentUser(request).id, request.params.id, request.body),
        clock.now(),
      ),
  );

  typed.delete(
    '/mail/campaigns/:id',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Delete a campaign',
        params: idParams,
        response: { 200: messageAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await deleteCampaign(db, currentUser(request).id, request.params.id);
      return { message: campaignDeleted };
    },
  );

  const templateCommon = { tags: ['campaigns'], security: tokenRequired };

  typed.post(
    '/mail/email/templates',
    {
      ...guarded,
      schema: {
        ...templateCommon,
        summary: 'Save an e-mail template',
        body: templateCreateSchema,
        response: { 201: emailTemplateSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createTemplate(db, currentUser(request).id, request.body)),
  );

  typed.get(
    '/mail/email/templates/list',
    {
      ...guarded,
      schema: {
        ...templateCommon,
        summary: 'Every saved template, newest first',
        response: { 200: z.array(emailTemplateSchema), ...errors },
      },
    },
    async (request) => listTemplates(db, currentUser(request).id),
  );

  typed.get(
    '/mail/email/templates/:id',
    {
      ...guarded,
      schema: {
        ...templateCommon,
        summary: 'One template',
        params: idParams,
        response: { 200: emailTemplateSchema, ...errors },
      },
    },
    async (request) => readTemplate(db, currentUser(request).id, request.params.id),
  );

  typed.delete(
    '/mail/email/templates/:id',
    {
      ...guarded,
      schema: {
        ...templateCommon,
        summary: 'Delete a template',
        params: idParams,
        response: { 200: messageAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await deleteTemplate(db, currentUser(request).id, request.params.id);
      return { message: templateDeleted };
    },
  );
}
