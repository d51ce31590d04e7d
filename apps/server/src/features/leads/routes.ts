import {
  errorAnswerSchema,
  findEmailsAnswerSchema,
  findEmailsBodySchema,
  leadSearchAnswerSchema,
  leadSearchQuerySchema,
} from '@mailhound/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireActiveUser } from '../../platform/access.ts';
import { currentUser, tokenRequired } from '../../platform/auth-hook.ts';
import type { App, FeatureDeps } from '../../platform/http.ts';
import { parseFilterQuery } from '../companies/index.ts';
import { findLeadEmails } from './find-emails.ts';
import {
  alreadyPaid,
  ensureLeadSearchLeft,
  leadSearchBalance,
  leadSearchKey,
  spendLeadSearch,
} from './lead-balance.ts';
import { searchLeads } from './lead-search.ts';

const refusals = {
  400: errorAnswerSchema,
  401: errorAnswerSchema,
  402: errorAnswerSchema,
  403: errorAnswerSchema,
};

const unpaidPage = (page: number) => ({
  items: [],
  currentPage: page,
  totalPages: 0,
  totalItems: 0,
});

// The Lead Finder (/api/leads): search people, then find their addresses.
export function registerLeadRoutes(api: App, deps: FeatureDeps): void {
  const typed = api.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/leads/search',
    {
      preValidation: requireActiveUser,
      schema: {
        tags: ['leads'],
        summary: 'Lead Finder: one page of people matching the filters',
        description:
          'Filters as for /companies/search, plus jobTitle, department and seniority. A new set of filters spends 1 lead search for all its pages; the same filters again that day (UTC) are free. With spend=false nothing is spent: an unpaid search answers paid: false and no items.',
        security: tokenRequired,
        querystring: leadSearchQuerySchema.loose(),
        response: { 200: leadSearchAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const filters = parseFilterQuery(request.query);
      const page = { page: request.query.page, perPage: request.query.perPage };
      const key = leadSearchKey(user.id, filters, deps.clock.now());
      const paid = await alreadyPaid(deps.db, key);
      if (!paid && !request.query.spend) {
        const balance = await leadSearchBalance(deps.db, user.id);
        return { ...unpaidPage(page.page), leadSearchBalance: balance, paid: false };
      }
      if (!paid) await ensureLeadSearchLeft(deps.db, user.id);
      const result = await searchLeads(deps.db, filters, page);
      // An empty page shows nothing, so it costs nothing.
      if (!paid && result.items.length > 0) await spendLeadSearch(deps.db, user.id, key);
      const balance = await leadSearchBalance(deps.db, user.id);
      return { ...result, leadSearchBalance: balance, paid: true };
    },
  );

  typed.post(
    '/leads/find-emails',
    {
      preValidation: requireActiveUser,
      schema: {
        tags: ['leads'],
        summary: 'Find the e-mail addresses of selected leads (1 credit per address scored 95+)',
        security: tokenRequired,
        body: findEmailsBodySchema,
        response: { 200: findEmailsAnswerSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // A client that goes away stops the finder; the searches are still settled.
      const abort = new AbortController();
      reply.raw.once('close', () => abort.abort());
      return findLeadEmails(
        {
          db: deps.db,
          finder: deps.finder,
          logFailure: (error) => request.log.error({ err: error }, 'lead e-mail search failed'),
        },
        { id: user.id, clientAddress: request.ip },
        request.body.leadIds,
        abort.signal,
      );
    },
  );
}
