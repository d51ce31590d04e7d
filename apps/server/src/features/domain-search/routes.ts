import {
  domainSearchAnswerSchema,
  domainSearchQuerySchema,
  errorAnswerSchema,
} from '@mailhound/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActiveUser } from '../../platform/access.ts';
import { currentUser, tokenRequired } from '../../platform/auth-hook.ts';
import type { App, FeatureDeps } from '../../platform/http.ts';
import { createPgPatternStore } from '../search/index.ts';
import { peopleQueryOf, searchDomainPeople } from './domain-search.ts';
import { createMailRouteLookup, type MailRouteLookup } from './mail-facts.ts';

export function registerDomainSearchRoutes(
  app: App,
  deps: FeatureDeps & { mailRoute?: MailRouteLookup },
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const search = {
    db: deps.db,
    patternStore: createPgPatternStore(deps.db),
    finder: deps.config.finder,
    now: deps.clock.now,
    mailRoute: deps.mailRoute ?? createMailRouteLookup(deps.config),
  };

  typed.get(
    '/domain-search',
    {
      preValidation: requireActiveUser,
      schema: {
        tags: ['domain-search'],
        summary:
          'Domain Search: the organisation, mail facts, known pattern and people at a domain or company',
        description:
          'Spends no credit. Addresses the known pattern gives are masked unless this user has paid for them (in any search or a bought bulk result).',
        security: tokenRequired,
        querystring: domainSearchQuerySchema,
        response: {
          200: domainSearchAnswerSchema,
          400: errorAnswerSchema,
          401: errorAnswerSchema,
          403: errorAnswerSchema,
        },
      },
    },
    async (request) =>
      searchDomainPeople(search, currentUser(request).id, peopleQueryOf(request.query)),
  );
}
