import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { healthAnswerSchema } from '@mailhound/contracts';
import type { Finder } from '@mailhound/finder';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import { registerAnalyticsRoutes } from './features/analytics/index.ts';
import { registerApiKeyRoutes } from './features/api-keys/index.ts';
import {
  type AuthDeps,
  createOidcProvider,
  type OidcProvider,
  registerAuthRoutes,
} from './features/auth/index.ts';
import { registerBillingRoutes } from './features/billing/index.ts';
import {
  type BotCheck,
  createBotCheck,
  registerBotCheckRoutes,
} from './features/bot-check/index.ts';
import { registerBulkRoutes } from './features/bulk/index.ts';
import {
  activeCampaignsOfList,
  campaignsUsingMailbox,
  pauseCampaignsWithoutMailbox,
  registerCampaignRoutes,
} from './features/campaigns/index.ts';
import { registerCompanyRoutes } from './features/companies/index.ts';
import { registerContactRoutes } from './features/contacts/index.ts';
import { registerCreditsRoutes } from './features/credits/index.ts';
import { registerDomainSearchRoutes } from './features/domain-search/index.ts';
import { registerEventsRoutes } from './features/events/index.ts';
import { registerFileRoutes } from './features/files/index.ts';
import { registerLeadRoutes } from './features/leads/index.ts';
import { registerLookalikeRoutes } from './features/lookalike/index.ts';
import { registerMailboxRoutes } from './features/mailboxes/index.ts';
import { registerOutboxRoutes } from './features/outbox/index.ts';
import { type PublicApiOptions, registerPublicApi } from './features/public-api/index.ts';
import { createSearchFinder, registerSearchRoutes } from './features/search/index.ts';
import { registerSuppressionRoutes } from './features/suppression/index.ts';
import { registerTrackingRoutes } from './features/tracking/index.ts';
import { registerUniboxRoutes } from './features/unibox/index.ts';
import { registerVerifyRoutes } from './features/verify/index.ts';
import { createWebhookEvents, registerWebhookRoutes } from './features/webhooks/index.ts';
import { registerAuthHook, tokenSecurity } from './platform/auth-hook.ts';
import type { Clock } from './platform/clock.ts';
import type { Db, Queryable } from './platform/database.ts';
import { registerErrorHandling, sendNotFound } from './platform/errors.ts';
import { type App, defaultRateLimits, type RateLimits } from './platform/http.ts';
import type { Jobs } from './platform/jobs.ts';
import { requestSerializers } from './platform/logger.ts';
import { createMailConnections, type MailConnections } from './platform/mail/connections.ts';
import type { Mailer } from './platform/mailer.ts';
import { createRateLimiter, rateLimited } from './platform/rate-limit.ts';
import { docsContentSecurityPolicy, registerSecurityHeaders } from './platform/security-headers.ts';
import { createTokens } from './platform/tokens.ts';
import { refuseUnstorableText } from './platform/unstorable-text.ts';

export type AppDeps = {
  config: Config;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  // Absent in tests that do not need background work; features then skip what they would queue.
  jobs?: Jobs | undefined;
  // Serves WEB_DIST with an SPA fallback (`start` and `api` modes).
  serveWeb?: boolean;
  // A pino logger (the command line's), false for silence, or absent for one at LOG_LEVEL.
  logger?: FastifyBaseLogger | false;
  rateLimits?: Partial<RateLimits>;
  // Overrides issuer discovery (tests point it at oauth2-mock-server).
  oidc?: OidcProvider | undefined;
  // The process's finder; absent, the app builds one from config.finder and closes it.
  finder?: Finder | undefined;
  // The process's mail connections (shared with the workers); absent, built from config.
  mailConnections?: MailConnections | undefined;
  // The `/v2` API's rate limits and Email Verifier wait (tests and bench:api).
  publicApi?: PublicApiOptions | undefined;
};

// A hop count becomes Fastify's trust function (its types take no number).
function trustedProxies(setting: Config['trustProxy']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  const logging =
    deps.logger === false
      ? { logger: false }
      : deps.logger
        ? { loggerInstance: deps.logger.child({}, { serializers: requestSerializers }) }
        : { logger: { level: config.logLevel, serializers: requestSerializers } };
  const app: FastifyInstance = Fastify({
    ...logging,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: trustedProxies(config.trustProxy),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const tokens = createTokens({
    secret: config.jwtSecret,
    ttlSeconds: config.tokenTtlSeconds,
    clock: deps.clock,
  });
  const rateLimits = { ...defaultRateLimits, ...deps.rateLimits };
  const rateLimiter = createRateLimiter({ db: deps.db, clock: deps.clock });
  const featureDeps: AuthDeps & { botCheck: BotCheck } = {
    config,
    db: deps.db,
    clock: deps.clock,
    mailer: deps.mailer,
    jobs: deps.jobs,
    tokens,
    rateLimits,
    rateLimiter,
    uploadLimit: rateLimited(
      rateLimiter,
      {
        bucket: 'uploads',
        max: rateLimits.uploadsPerHour,
        windowMs: 60 * 60_000,
        refusal: `Too many uploads: at most ${rateLimits.uploadsPerHour} an hour.`,
      },
      (request) => request.user?.id ?? request.ip,
    ),
    oidc: deps.oidc ?? createOidcProvider(config),
    finder: deps.finder ?? createSearchFinder(config, deps.db),
    botCheck: createBotCheck({ config: config.botCheck, db: deps.db, clock: deps.clock }),
    mailConnections: deps.mailConnections ?? createMailConnections(config.mailboxes),
    webhookEvents: createWebhookEvents({ db: deps.db, clock: deps.clock, jobs: deps.jobs }),
  };
  if (!deps.finder) app.addHook('onClose', () => featureDeps.finder.close());

  await registerSecurityHeaders(app, config);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Mailhound API',
        version: '0.1.0',
        description:
          'Main API. Send the login token as `Authorization: <token>` or `Bearer <token>`.',
      },
      components: {
        securitySchemes: {
          [tokenSecurity]: { type: 'apiKey', in: 'header', name: 'Authorization' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: docsContentSecurityPolicy(config),
  });
  registerAuthHook(app, { db: deps.db, tokens });
  refuseUnstorableText(app);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/healthz',
    {
      schema: {
        hide: true,
        response: { 200: healthAnswerSchema, 503: z.object({ status: z.literal('unavailable') }) },
      },
    },
    async (_request, reply) => {
      try {
        await deps.db.execute(sql`select 1`);
        return reply.send({ status: 'ok' as const });
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );

  // Contacts and mailboxes ask campaigns about the lists and mailboxes campaigns use.
  const mailboxCampaigns = {
    using: campaignsUsingMailbox,
    pauseWithoutMailbox: (db: Queryable, ids: string[], mailboxId: string) =>
      pauseCampaignsWithoutMailbox(db, ids, mailboxId, featureDeps.webhookEvents),
  };
  await app.register(
    async (api) => {
      registerAnalyticsRoutes(api, featureDeps);
      registerApiKeyRoutes(api, featureDeps);
      registerAuthRoutes(api, featureDeps);
      registerBillingRoutes(api, featureDeps);
      registerBotCheckRoutes(api, featureDeps);
      registerBulkRoutes(api, featureDeps);
      registerCampaignRoutes(api, featureDeps);
      registerFileRoutes(api, featureDeps);
      registerCompanyRoutes(api, featureDeps);
      registerContactRoutes(api, { ...featureDeps, activeCampaignsOfList });
      registerDomainSearchRoutes(api, featureDeps);
      registerLeadRoutes(api, featureDeps);
      registerLookalikeRoutes(api, featureDeps);
      registerMailboxRoutes(api, { ...featureDeps, mailboxCampaigns });
      registerCreditsRoutes(api, featureDeps);
      registerEventsRoutes(api, featureDeps);
      registerSearchRoutes(api, featureDeps);
      registerSuppressionRoutes(api, featureDeps);
      registerUniboxRoutes(api, featureDeps);
      registerVerifyRoutes(api, featureDeps);
      registerWebhookRoutes(api, featureDeps);
      await registerTrackingRoutes(api, featureDeps);
    },
    { prefix: '/api' },
  );
  registerOutboxRoutes(app, featureDeps);
  await registerPublicApi(app, { ...featureDeps, publicApi: deps.publicApi });

  const indexHtml = join(config.webDist, 'index.html');
  const spa = deps.serveWeb === true && existsSync(indexHtml);
  if (deps.serveWeb && !spa) {
    app.log.warn(
      `WEB_DIST has no index.html (${indexHtml}); serving the API only. Build the web app with \`npm run build -w @mailhound/web\`.`,
    );
  }
  if (spa) {
    await app.register(fastifyStatic, { root: config.webDist, wildcard: true });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const apiPath = /^\/(api|healthz|dev)(\/|$)/.test(path);
    // A missing file (a script of an older build, /favicon.ico, /robots.txt) is a 404, so a
    // stale page fails as a missing file, not as HTML where a script was expected. Client
    // routes may hold a dot further down (/company/acme.com).
    const missingFile = /^\/(assets\/|[^/]+\.[a-z0-9]+$)/i.test(path);
    // Client-side routes (/search/single, /auth/login...) load the SPA, which routes itself.
    if (
      spa &&
      !apiPath &&
      !missingFile &&
      (request.method === 'GET' || request.method === 'HEAD')
    ) {
      return reply.type('text/html').sendFile('index.html');
    }
    return sendNotFound(request, reply);
  });
  return app;
}
