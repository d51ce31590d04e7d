import type { Db } from '../../platform/database.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { WebhookEvents } from '../../platform/webhook-events.ts';
import { lookalikeMessages, lookalikeRunQueue } from './lookalike-store.ts';
import { finish, runLookalikeRequest } from './processing.ts';

export const lookalikeFailedQueue = 'lookalike-failed';

export type LookalikeJob = { requestId: string };

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
      await runLookalikeRequest(deps.db, job.data.requestId, deps.webhookEvents);
    },
  });
}
