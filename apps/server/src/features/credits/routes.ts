import { authMessages, balanceAnswerSchema, errorAnswerSchema } from '@mailhound/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireUser, tokenRequired } from '../../platform/auth-hook.ts';
import { unauthorized } from '../../platform/errors.ts';
import type { App, FeatureDeps } from '../../platform/http.ts';
import { readAccountSummary } from './queries.ts';

export function registerCreditsRoutes(api: App, deps: FeatureDeps): void {
  api.withTypeProvider<ZodTypeProvider>().get(
    '/auth/user/balance',
    {
      preValidation: requireUser,
      schema: {
        security: tokenRequired,
        tags: ['auth'],
        summary: 'Credit balance of the current user (available = balance − onHold)',
        response: { 200: balanceAnswerSchema, 401: errorAnswerSchema },
      },
    },
    async (request) => {
      const summary = await readAccountSummary(deps.db, currentUser(request).id);
      if (!summary) throw unauthorized(authMessages.unauthorized);
      return summary;
    },
  );
}
