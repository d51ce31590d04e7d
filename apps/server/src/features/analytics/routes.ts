import {
  analyticsQuerySchema,
  campaignAnalyticsSchema,
  errorAnswerSchema,
  overallAnalyticsSchema,
} from '@mailhound/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMailUser } from '../../platform/access.ts';
import { currentUser, tokenRequired } from '../../platform/auth-hook.ts';
import type { App, FeatureDeps } from '../../platform/http.ts';
import { campaignAnalytics, overallAnalytics } from './analytics.ts';

const errors = {
  400: errorAnswerSchema,
  401: errorAnswerSchema,
  403: errorAnswerSchema,
  404: errorAnswerSchema,
};
const rangeDescription =
  'from and to are UTC days, both inclusive; by default the last 30 days up to today. At most 366 days.';

// Campaign analytics (packages/contracts/src/analytics.ts), under /api/mail.
export function registerAnalyticsRoutes(api: App, deps: FeatureDeps): void {
  const typed = api.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = deps;
  const common = { tags: ['analytics'], security: tokenRequired };
  const guarded = { preValidation: requireMailUser };

  typed.get(
    '/mail/analytics',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Sent, delivered, bounced, replied, unsubscribed and clicked over all campaigns',
        description: `${rangeDescription} campaign_id narrows to one campaign.`,
        querystring: analyticsQuerySchema,
        response: { 200: overallAnalyticsSchema, ...errors },
      },
    },
    async (request) => overallAnalytics(db, currentUser(request).id, request.query, clock.now()),
  );

  typed.get(
    '/mail/campaigns/:id/analytics',
    {
      ...guarded,
      schema: {
        ...common,
        summary: "One campaign's figures, per day and per step",
        description: rangeDescription,
        params: z.object({ id: z.string() }),
        querystring: analyticsQuerySchema,
        response: { 200: campaignAnalyticsSchema, ...errors },
      },
    },
    async (request) =>
      campaignAnalytics(db, currentUser(request).id, request.params.id, request.query, clock.now()),
  );
}
