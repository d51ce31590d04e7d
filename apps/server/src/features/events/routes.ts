import { errorAnswerSchema, trackEventSchema } from '@mailhound/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App, FeatureDeps } from '../../platform/http.ts';
import { rateLimited } from '../../platform/rate-limit.ts';
import { type ForwardedEvent, forwardEventQueue } from './jobs.ts';
import { insertEvent } from './queries.ts';

const guestIdHeader = z.string().trim().min(1).max(100);
// A name and at most EVENT_PROPERTIES_MAX_BYTES of properties, with room to spare; anyone may
// post here, so the 1 MB default is far too much.
const eventBodyLimit = 8 * 1024;

export function registerEventsRoutes(app: App, deps: FeatureDeps): void {
  // Anyone may write events: each client address gets a budget.
  const eventsLimit = {
    bucket: 'events',
    max: deps.rateLimits.eventsPerMinute,
    windowMs: 60_000,
    refusal: 'Too many events from this address.',
  };
  app.withTypeProvider<ZodTypeProvider>().post(
    '/events',
    {
      preHandler: rateLimited(deps.rateLimiter, eventsLimit, (request) => request.ip),
      bodyLimit: eventBodyLimit,
      schema: {
        tags: ['events'],
        summary: 'Record a first-party analytics event (token optional, x-guest-id for guests)',
        body: trackEventSchema,
        response: {
          204: z.null(),
          400: errorAnswerSchema,
          413: errorAnswerSchema,
          429: errorAnswerSchema,
        },
      },
    },
    async (request, reply) => {
      const guest = guestIdHeader.safeParse(request.headers['x-guest-id']);
      const event = {
        userId: request.user?.id ?? null,
        guestId: guest.success ? guest.data : null,
        name: request.body.name,
        properties: request.body.properties ?? {},
        createdAt: deps.clock.now(),
      };
      await insertEvent(deps.db, event);
      if (deps.config.analyticsForwardUrl && deps.jobs) {
        const forwarded: ForwardedEvent = { ...event, createdAt: event.createdAt.toISOString() };
        await deps.jobs.send(forwardEventQueue, forwarded);
      }
      return reply.status(204).send(null);
    },
  );
}
