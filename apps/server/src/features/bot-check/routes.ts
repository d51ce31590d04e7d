import { botCheckConfigSchema, errorAnswerSchema } from '@mailhound/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import type { App, FeatureDeps } from '../../platform/http.ts';
import type { BotCheck } from './bot-check.ts';

// The ALTCHA widget reads this shape from its challengeurl (v2 challenge).
const challengeSchema = z.object({
  parameters: z.record(z.string(), z.unknown()),
  signature: z.string().optional(),
});

export function registerBotCheckRoutes(api: App, deps: FeatureDeps & { botCheck: BotCheck }): void {
  const typed = api.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/bot-check/config',
    {
      schema: {
        tags: ['bot-check'],
        summary: 'Which bot check guests pass before a search (ALTCHA or Cloudflare Turnstile)',
        response: { 200: botCheckConfigSchema },
      },
    },
    async () => deps.botCheck.settings,
  );
  typed.get(
    '/bot-check/challenge',
    {
      schema: {
        tags: ['bot-check'],
        summary: "A signed ALTCHA challenge (the widget's challengeurl)",
        response: { 200: challengeSchema, 404: errorAnswerSchema },
      },
    },
    async (_request, reply) => {
      const challenge = deps.botCheck.challenge;
      if (!challenge) throw notFound('The bot check in use is Turnstile, not ALTCHA.');
      reply.header('cache-control', 'no-store');
      const { parameters, signature } = await challenge();
      return { parameters: { ...parameters }, signature };
    },
  );
}
