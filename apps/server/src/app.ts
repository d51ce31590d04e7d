import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { healthAnswerSchema } from '@mailhound/contracts';
import type { Finder } from '@mailhound/finder';
import { sql } from 'drizzle-orm';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type preHandlerAsyncHookHandler,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.ts';
import { registerAnalyticsRoutes } from './features/analytics/routes.ts';
import { createOidcProvider, type OidcProvider } from './features/auth/google.ts';
import { registerAuthRoutes } from './features/auth/routes.ts';
import { registerBillingRoutes } from './features/billing/routes.ts';
import { type BotCheck, createBotCheck } from './features/bot-check/bot-check.ts';
import { registerBotCheckRoutes } from './features/bot-check/routes.ts';
import { registerBulkRoutes } from './features/bulk/routes.ts';
import { registerCampaignRoutes } from './features/campaigns/routes.ts';
import { registerCompanyRoutes } from './features/companies/routes.ts';
import { registerContactRoutes } from './features/contacts/routes.ts';
import { registerCreditsRoutes } from './features/credits/routes.ts';
import { registerEventsRoutes } from './features/events/routes.ts';
import { registerFileRoutes } from './features/files/routes.ts';
import { registerLeadRoutes } from './features/leads/routes.ts';
import { registerLookalikeRoutes } from './features/lookalike/routes.ts';
import { registerMailboxRoutes } from './features/mailboxes/routes.ts';
import { registerOutboxRoutes } from './features/outbox/routes.ts';
import { createSearchFinder } from './features/search/finder.ts';
import { registerSearchRoutes } from './features/search/routes.ts';
import { registerTrackingRoutes } from './features/tracking/routes.ts';
import { registerUniboxRoutes } from './features/unibox/routes.ts';
import { registerAuthHook, tokenSecurity } from './platform/auth-hook.ts';
import type { Clock } from './platform/clock.ts';
import type { Db } from './platform/database.ts';
import { registerErrorHandling, sendNotFound } from './platform/errors.ts';
import type { Jobs } from './platform/jobs.ts';
import { createMailConnections, type MailConnections } from './platform/mail/connections.ts';
import type { Mailer } from './platform/mailer.ts';
import { createRateLimiter, type RateLimiter, rateLimited } from './platform/rate-limit.ts';
import { docsContentSecurityPolicy, registerSecurityHeaders } from './platform/security-headers.ts';
import { createTokens, type Tokens } from './platform/tokens.ts';
import { refuseUnstorableText } from './platform/unstorable-text.ts';

// Counted in PostgreSQL (platform/rate-limit.ts), so they hold across API processes.
export type RateLimits = {
  // Per window: login attempts per client address; wrong passwords per account and address
  // (a stranger elsewhere cannot lock the owner out); wrong passwords per account from
  // anywhere, a ceiling against guessing spread over many addresses; wrong passwords per user
  // when changing the password or deleting the account.
  loginPerIp: number;
  loginPerAccountIp: number;
  loginPerAccount: number;
  passwordChecks: number;
  windowMs: number;
  // Uploads per user per hour: bulk lists, look-alike lists and contact imports together.
  uploadsPerHour: number;
  // Analytics events (unauthenticated writes) per client address per minute.
  eventsPerMinute: number;
};

export const defaultRateLimits: RateLimits = {
  loginPerIp: 30,
  loginPerAccountIp: 10,
  loginPerAccount: 100,
  passwordChecks: 10,
  windowMs: 15 * 60_000,
  uploadsPerHour: 30,
  eventsPerMinute: 120,
};

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
};

// What route modules receive.
export type FeatureDeps = Required<Pick<AppDeps, 'config' | 'db' | 'clock' | 'mailer'>> & {
  jobs: Jobs | undefined;
  tokens: Tokens;
  rateLimits: RateLimits;
  rateLimiter: RateLimiter;
  // preHandler of the upload routes (after their user guard).
  uploadLimit: preHandlerAsyncHookHandler;
  oidc: OidcProvider | undefined;
  finder: Finder;
  botCheck: BotCheck;
  mailConnections: MailConnections;
};

export type App = FastifyInstance;

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
        ? { loggerInstance: deps.logger }
        : { logger: { level: config.logLevel } };
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
  const featureDeps: FeatureDeps = {
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

  await app.register(
    async (api) => {
      registerAnalyticsRoutes(api, featureDeps);
      registerAuthRoutes(api, featureDeps);
      registerBillingRoutes(api, featureDeps);
      registerBotCheckRoutes(api, featureDeps);
      registerBulkRoutes(api, featureDeps);
      registerCampaignRoutes(api, featureDeps);
      registerFileRoutes(api, featureDeps);
      registerCompanyRoutes(api, featureDeps);
      registerContactRoutes(api, featureDeps);
      registerLeadRoutes(api, featureDeps);
      registerLookalikeRoutes(api, featureDeps);
      registerMailboxRoutes(api, featureDeps);
      registerCreditsRoutes(api, featureDeps);
      registerEventsRoutes(api, featureDeps);
      registerSearchRoutes(api, featureDeps);
      registerUniboxRoutes(api, featureDeps);
      await registerTrackingRoutes(api, featureDeps);
    },
    { prefix: '/api' },
  );
  registerOutboxRoutes(app, featureDeps);

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
