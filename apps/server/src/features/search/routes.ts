import { emailsFoundAnswerSchema } from '@mailhound/contracts';
import { count } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, FeatureDeps } from '../../app.ts';
import { foundEmails } from './schema.ts';

export function registerSearchRoutes(app: App, deps: FeatureDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
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
