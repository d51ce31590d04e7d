import {
  authMessages,
  emailsFoundAnswerSchema,
  errorAnswerSchema,
  historyQuerySchema,
  singleSearchBodySchema,
  singleSearchHistoryPageSchema,
} from '@mailhound/contracts';
import { count } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tokenRequired } from '../../platform/auth-hook.ts';
import { forbidden, genericFailure, unauthorized } from '../../platform/errors.ts';
import type { App, FeatureDeps } from '../../platform/http.ts';
import { openEventStream } from '../../platform/sse.ts';
import { type BotCheck, botCheckFailed } from '../bot-check/index.ts';
import { searchDomain } from './company-domain.ts';
import { readHistoryPage } from './history.ts';
import { foundEmails, type SearchQuery } from './schema.ts';
import type { Searcher } from './search-records.ts';
import { runSingleSearch } from './single-search.ts';

export function registerSearchRoutes(app: App, deps: FeatureDeps & { botCheck: BotCheck }): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/person/sse',
    {
      schema: {
        tags: ['search'],
        summary:
          'Single search as server-sent events: progress, then one data, payment_error or error event',
        description:
          'Logged-in callers send their token; guests send `userId` (guest id) and `code` (the bot-check token). One credit is held while the search runs and charged only from score 95.',
        security: [...tokenRequired, {}],
        body: singleSearchBodySchema,
        response: { 400: errorAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const domain = await searchDomain(deps.db, body);
      const query: SearchQuery = body.companyWebsite
        ? {
            firstName: body.firstName,
            lastName: body.lastName,
            companyWebsite: body.companyWebsite,
          }
        : {
            firstName: body.firstName,
            lastName: body.lastName,
            companyName: body.companyName ?? '',
          };
      let searcher: Searcher;
      if (request.user) {
        searcher = { kind: 'user', userId: request.user.id, clientAddress: request.ip };
      } else {
        if (!body.userId) throw unauthorized(authMessages.unauthorized);
        if (!(await deps.botCheck.verify(body.code, request.ip))) throw forbidden(botCheckFailed);
        searcher = { kind: 'guest', guestId: body.userId.toLowerCase(), clientAddress: request.ip };
      }

      const stream = openEventStream(reply);
      try {
        await runSingleSearch(
          {
            db: deps.db,
            finder: deps.finder,
            logFailure: (error) => request.log.error({ err: error }, 'single search failed'),
          },
          { searcher, query, domain },
          (message) => stream.send(message.event, message.data),
          stream.signal,
        );
      } catch (error) {
        // The stream is open: the failure can only be told as an event.
        request.log.error({ err: error }, 'single search failed');
        stream.send('error', { error: genericFailure });
      } finally {
        stream.end();
      }
    },
  );

  typed.get(
    '/search-history/single',
    {
      schema: {
        tags: ['search'],
        summary: 'Single-search history, newest first (token, or userId for a guest)',
        security: [...tokenRequired, {}],
        querystring: historyQuerySchema,
        response: { 200: singleSearchHistoryPageSchema, 401: errorAnswerSchema },
      },
    },
    async (request) => {
      const { page, perPage, userId } = request.query;
      if (request.user) return readHistoryPage(deps.db, { userId: request.user.id }, page, perPage);
      if (!userId) throw unauthorized(authMessages.unauthorized);
      return readHistoryPage(deps.db, { guestId: userId.toLowerCase() }, page, perPage);
    },
  );

  typed.get(
    '/person/emails-found',
    {
      schema: {
        tags: ['search'],
        summary: 'How many verified addresses were found so far (the footer shows count × 10)',
        response: { 200: emailsFoundAnswerSchema },
      },
    },
    async () => {
      const [row] = await deps.db.select({ count: count() }).from(foundEmails);
      return { count: row?.count ?? 0 };
    },
  );
}
