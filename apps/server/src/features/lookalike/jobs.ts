import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { WebhookEvents } from '../../platform/webhook-events.ts';
import { lookalikeMessages, lookalikeRunQueue } from './lookalike-store.ts';
import { finish, runLookalikeRequest } from './processing.ts';
import { lookalikeRequests } from './schema.ts';

export const lookalikeFailedQueue = 'lookalike-failed';

export type LookalikeJob = { requestId: string };

// The user's webhooks hear that a look-alike search finished (issue 23), once.
async function tellLookalikeCompleted(db: Db, events: WebhookEvents, requestId: string) {
  const [request] = await db
    .select()
    .from(lookalikeRequests)
    .where(eq(lookalikeRequests.id, requestId));
  if (!request) return;
  await events.emit(request.userId, 'lookalike.completed', {
    lookalike_id: request.id,
    name: request.fileName,
    total: request.totalCount ?? 0,
    completed: (request.completedAt ?? new Date()).toISOString(),
  });
}

// `lookalike-run` ranks one request; a request whose job fails for good is marked failed
// through `lookalike-failed`.
export function defineLookalikeJobs(
  jobs: Jobs,
  deps: { db: Db; webhookEvents: WebhookEvents },
): void {
  jobs.define<LookalikeJob>({
    name: lookalikeFailedQueue,
    queue: { retryLimit: 5 },
    handler: async (job) => {
      await finish(deps.db, job.data.requestId, { error: lookalikeMessages.failed });
    },
  });
  jobs.define<LookalikeJob>({
    name: lookalikeRunQueue,
    queue: {
      retryLimit: 2,
      retryDelay: 5,
      expireInSeconds: 15 * 60,
      deadLetter: lookalikeFailedQueue,
    },
    work: { localConcurrency: 1 },
    handler: async (job) => {
      if (await runLookalikeRequest(deps.db, job.data.requestId)) {
        await tellLookalikeCompleted(deps.db, deps.webhookEvents, job.data.requestId);
      }
    },
  });
}
