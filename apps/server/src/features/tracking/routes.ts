import { errorAnswerSchema, messageAnswerSchema, surveyPayloadSchema } from '@mailhound/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App, FeatureDeps } from '../../platform/http.ts';
import { createLinkTokens } from '../../platform/link-tokens.ts';
import { unsubscribeUrl } from '../sender/index.ts';
import { recordClick, submitSurvey, unsubscribed, unsubscribeOneClick } from './tracking.ts';

const tokenQuery = z.object({ mlsr: z.string().min(1).max(2000) });
const errors = { 400: errorAnswerSchema, 409: errorAnswerSchema };

// Public links of campaign mail (no login): unsubscribe survey, one-click, click tracking.
export async function registerTrackingRoutes(api: App, deps: FeatureDeps): Promise<void> {
  const tokens = createLinkTokens(deps.config.tracking.secret);
  await api.register(async (scope) => {
    // Mail clients post the one-click form (RFC 8058); its only field is fixed.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, body),
    );
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const common = { tags: ['tracking'] };

    typed.post(
      '/mail/campaigns/unsubscribe',
      {
        schema: {
          ...common,
          summary: 'Unsubscribe survey: reasons and rating; no more mail to the contact',
          querystring: tokenQuery,
          body: surveyPayloadSchema,
          response: { 200: messageAnswerSchema, ...errors },
        },
      },
      async (request) => {
        await submitSurvey(deps.db, tokens, request.query.mlsr, request.body, deps.webhookEvents);
        return { message: unsubscribed };
      },
    );

    typed.post(
      '/mail/campaigns/unsubscribe/one-click',
      {
        schema: {
          ...common,
          summary: 'RFC 8058 List-Unsubscribe-Post target',
          querystring: tokenQuery,
          response: { 200: messageAnswerSchema, ...errors },
        },
      },
      async (request) => {
        await unsubscribeOneClick(deps.db, tokens, request.query.mlsr, deps.webhookEvents);
        return { message: unsubscribed };
      },
    );

    // A mail client without one-click support opens the List-Unsubscribe address in a browser:
    // it is sent on to the unsubscribe page, which unsubscribes once opened. A GET changes
    // nothing itself, as link scanners fetch addresses found in mail.
    typed.get(
      '/mail/campaigns/unsubscribe/one-click',
      {
        schema: {
          ...common,
          summary: 'The List-Unsubscribe address opened in a browser: on to the unsubscribe page',
          querystring: tokenQuery,
        },
      },
      async (request, reply) =>
        reply.redirect(unsubscribeUrl(deps.config.publicUrl, request.query.mlsr), 303),
    );

    typed.get(
      '/mail/tracker/click',
      {
        schema: {
          ...common,
          summary: 'A tracked link: records the click, then redirects to the original',
          querystring: tokenQuery,
          response: { 400: errorAnswerSchema },
        },
      },
      async (request, reply) =>
        reply.redirect(await recordClick(deps.db, tokens, request.query.mlsr), 302),
    );
  });
}
