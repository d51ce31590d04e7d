import {
  errorAnswerSchema,
  verifyBodySchema,
  verifyHistoryPageSchema,
  verifyHistoryQuerySchema,
} from '@mailhound/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActiveUser } from '../../platform/access.ts';
import { currentUser, tokenRequired } from '../../platform/auth-hook.ts';
import { genericFailure } from '../../platform/errors.ts';
import type { App, FeatureDeps } from '../../platform/http.ts';
import { openEventStream } from '../../platform/sse.ts';
import { readVerifyHistoryPage } from './history.ts';
import { runVerification } from './run-verification.ts';

export function registerVerifyRoutes(app: App, deps: FeatureDeps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/verify',
    {
      preValidation: requireActiveUser,
      schema: {
        tags: ['verify'],
        summary:
          'Email Verifier as server-sent events: progress, then the verdict, payment_error or error',
        description:
          'One credit is held while the address is verified and charged only for a conclusive verdict (valid or invalid).',
        security: tokenRequired,
        body: verifyBodySchema,
        response: { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const stream = openEventStream(reply);
      try {
        await runVerification(
          {
            db: deps.db,
            finder: deps.finder,
            logFailure: (error) => request.log.error({ err: error }, 'verification failed'),
          },
          { userId, email: request.body.email },
          (message) => stream.send(message.event, message.data),
          stream.signal,
        );
      } catch (error) {
        // The stream is open: the failure can only be told as an event.
        request.log.error({ err: error }, 'verification failed');
        stream.send('error', { error: genericFailure });
      } finally {
        stream.end();
      }
    },
  );

  typed.get(
    '/search-history/verify',
    {
      preValidation: requireActiveUser,
      schema: {
        tags: ['verify'],
        summary: 'Email Verifier history, newest first',
        security: tokenRequired,
        querystring: verifyHistoryQuerySchema,
        response: { 200: verifyHistoryPageSchema, 401: errorAnswerSchema, 403: errorAnswerSchema },
      },
    },
    async (request) =>
      readVerifyHistoryPage(
        deps.db,
        currentUser(request).id,
        request.query.page,
        request.query.perPage,
      ),
  );
}
