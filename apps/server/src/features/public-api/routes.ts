import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, FeatureDeps } from '../../platform/http.ts';
import { addApiCallCredits, recordApiCall } from '../api-keys/index.ts';
import { createMailRouteLookup } from '../domain-search/index.ts';
import { createPgPatternStore } from '../search/index.ts';
import { readApiAccount } from './account.ts';
import { searchDomainForApi } from './domain-search.ts';
import { countDomainEmails } from './email-count.ts';
import { findEmail } from './email-finder.ts';
import { verifyEmail } from './email-verifier.ts';
import { type EndpointName, endpoints } from './endpoints.ts';
import { type ApiCaller, authenticateApiCall } from './key-auth.ts';
import { publicApiDocument } from './openapi.ts';
import { consumeKeyLimits, keyLimits } from './rate-limits.ts';
import { registerV2ErrorHandling } from './v2-errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    v2Endpoint?: EndpointName;
  }
  interface FastifyRequest {
    // The key and user of a `/v2` call, the credits it took, and its usage row once written.
    apiCall: ApiCall | null;
  }
}

type ApiCall = ApiCaller & { credits: number; usageRow: PromiseWithResolvers<number> };

export type PublicApiOptions = {
  // Off only to measure the limiter's cost (bench:api).
  rateLimits?: boolean;
  // How long an Email Verifier call waits for the verdict before answering 202.
  verifierWaitMs?: number;
};

const defaultVerifierWaitMs = 20_000;

// Hunter's clients ask for `/v2/email-finder/?…` as well as `/v2/email-finder?…`.
const pathsOf = (name: EndpointName) => [`/${name}`, `/${name}/`];

function schemaOf<Name extends EndpointName>(name: Name) {
  const endpoint = endpoints[name];
  return {
    // Documented at /v2/docs, with the key schemes, not among the login-token calls.
    hide: true,
    querystring: endpoint.querystring,
    response: endpoint.answers,
  } as {
    hide: true;
    querystring: (typeof endpoints)[Name]['querystring'];
    response: (typeof endpoints)[Name]['answers'];
  };
}

// The Hunter-compatible API at /v2 (issue 23). A key, never a login token, authenticates each
// call; every call with a known key writes its usage row.
export async function registerPublicApi(
  app: App,
  deps: FeatureDeps & { publicApi?: PublicApiOptions | undefined },
): Promise<void> {
  const limited = deps.publicApi?.rateLimits ?? true;
  const running = new Set<Promise<void>>();
  const domainSearch = {
    db: deps.db,
    patternStore: createPgPatternStore(deps.db),
    finder: deps.config.finder,
    now: deps.clock.now,
    mailRoute: createMailRouteLookup(deps.config),
  };

  await app.register(
    async (v2) => {
      registerV2ErrorHandling(v2);
      v2.decorateRequest('apiCall', null);
      v2.addHook('onRequest', async (request) => {
        if (request.routeOptions.url === '/v2/docs') return;
        const caller = await authenticateApiCall(deps.db, request);
        const usageRow = Promise.withResolvers<number>();
        // Only the Email Verifier's 202 path waits for the row; a failed write is logged below
        // and must not become an unhandled rejection, which would end the process.
        usageRow.promise.catch(() => undefined);
        request.apiCall = { ...caller, credits: 0, usageRow };
        // A path we do not answer is limited as a free call: no key calls past its limits.
        const name = request.routeOptions.config.v2Endpoint;
        if (limited) {
          const limits = name ? endpoints[name].limits : keyLimits.free;
          await consumeKeyLimits(deps.rateLimiter, limits, caller.keyId);
        }
      });
      v2.addHook('onSend', async (request, reply, payload) => {
        const call = request.apiCall;
        if (!call) return payload;
        try {
          const usageId = await recordApiCall(deps.db, {
            keyId: call.keyId,
            // Never the caller's path: a usage row names one of our endpoints.
            endpoint: request.routeOptions.config.v2Endpoint ?? 'unknown',
            status: reply.statusCode,
            credits: call.credits,
          });
          call.usageRow.resolve(usageId);
        } catch (error) {
          call.usageRow.reject(error);
          request.log.error({ err: error }, 'the usage row of a public API call was not written');
        }
        return payload;
      });
      v2.addHook('onClose', async () => {
        await Promise.allSettled([...running]);
      });

      const typed = v2.withTypeProvider<ZodTypeProvider>();
      const caller = (request: { apiCall: ApiCall | null }) => {
        if (!request.apiCall) throw new Error('a /v2 call reached its handler without a key');
        return request.apiCall;
      };

      for (const url of pathsOf('email-finder')) {
        typed.get(
          url,
          { schema: schemaOf('email-finder'), config: { v2Endpoint: 'email-finder' } },
          async (request) => {
            const call = caller(request);
            const { answer, credits } = await findEmail(
              {
                db: deps.db,
                finder: deps.finder,
                logFailure: (error) => request.log.error({ err: error }, 'email-finder failed'),
              },
              { userId: call.userId, clientAddress: request.ip, now: deps.clock.now() },
              request.query,
            );
            call.credits = credits;
            return answer;
          },
        );
      }

      for (const url of pathsOf('email-verifier')) {
        typed.get(
          url,
          { schema: schemaOf('email-verifier'), config: { v2Endpoint: 'email-verifier' } },
          async (request, reply) => {
            const call = caller(request);
            const outcome = await verifyEmail(
              {
                db: deps.db,
                finder: deps.finder,
                logFailure: (error) => request.log.error({ err: error }, 'email-verifier failed'),
                waitMs: deps.publicApi?.verifierWaitMs ?? defaultVerifierWaitMs,
                running,
                chargedLater: async (credits) =>
                  addApiCallCredits(deps.db, await call.usageRow.promise, credits),
              },
              call.userId,
              request.query.email,
            );
            call.credits = outcome.credits;
            return reply.status(outcome.status).send(outcome.answer);
          },
        );
      }

      for (const url of pathsOf('domain-search')) {
        typed.get(
          url,
          { schema: schemaOf('domain-search'), config: { v2Endpoint: 'domain-search' } },
          async (request) =>
            searchDomainForApi(domainSearch, caller(request).userId, request.query),
        );
      }

      for (const url of pathsOf('email-count')) {
        typed.get(
          url,
          { schema: schemaOf('email-count'), config: { v2Endpoint: 'email-count' } },
          async (request) => countDomainEmails(deps.db, request.query),
        );
      }

      for (const url of pathsOf('account')) {
        typed.get(
          url,
          { schema: schemaOf('account'), config: { v2Endpoint: 'account' } },
          async (request) => readApiAccount(deps.db, caller(request).userId, deps.clock.now()),
        );
      }

      v2.get('/docs', { schema: { hide: true } }, async () =>
        publicApiDocument(deps.config.publicUrl),
      );
      // Any other /v2 path: the web app's file server would otherwise answer a GET with the
      // app page. Here it is a call like any other (key, limits as a free call, a usage row),
      // answered by this scope's JSON 404.
      v2.route({
        method: ['GET', 'HEAD'],
        url: '/*',
        schema: { hide: true },
        handler: (_request, reply) => reply.callNotFound(),
      });
    },
    { prefix: '/v2' },
  );
}
