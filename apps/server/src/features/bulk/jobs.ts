import type { Finder } from '@mailhound/finder';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/database.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { WebhookEvents } from '../../platform/webhook-events.ts';
import { createSearchFinder } from '../search/index.ts';
import { bulkRunQueue } from './bulk-store.ts';
import { createPatternBuffer } from './pattern-buffer.ts';
import { failRequest, runBulkRequest } from './processing.ts';

export const bulkFailedQueue = 'bulk-failed';

// Requests this worker process runs at once. Each holds one database connection (its chunks'
// locks) and looks up `config.bulkChunksAtOnce` chunks at once, writing each in a short
// transaction: chunks in flight (a few domains each) keep the finder's SMTP sessions busy
// while the slowest domain of a chunk still answers, and bound the rows held in memory.
const requestsPerWorker = 2;

export type BulkJob = { requestId: string };

// `bulk-run`: a worker takes at most one job of a request at a time (group = request), so the
// request's jobs spread over the worker processes. A job that fails for good goes to
// `bulk-failed`, which marks the request failed and releases its hold.
export function defineBulkJobs(
  jobs: Jobs,
  deps: { config: Config; db: Db; webhookEvents: WebhookEvents },
): void {
  let finder: Finder | undefined;
  const patterns = createPatternBuffer(deps.db);
  jobs.define<BulkJob>({
    name: bulkFailedQueue,
    queue: { retryLimit: 5 },
    handler: async (job) => {
      await failRequest(deps.db, job.data.requestId);
    },
  });
  jobs.define<BulkJob>({
    name: bulkRunQueue,
    queue: {
      retryLimit: 3,
      retryDelay: 5,
      // A dead worker's job is retried soon; its chunk was freed when its connection dropped.
      heartbeatSeconds: 30,
      expireInSeconds: 6 * 3600,
      deadLetter: bulkFailedQueue,
    },
    work: { localConcurrency: requestsPerWorker, localGroupConcurrency: 1 },
    handler: async (job) => {
      finder ??= createSearchFinder(deps.config, deps.db, patterns.store);
      await runBulkRequest(
        {
          db: deps.db,
          finder,
          slots: deps.config.bulkChunksAtOnce,
          flushPatterns: patterns.flush,
          webhookEvents: deps.webhookEvents,
        },
        job.data.requestId,
      );
      // The request is done: its jobs still queued would only find nothing left to do, and
      // they would sit ahead of newer requests' jobs, each taking a worker's next fetch.
      const spare = await jobs.boss.findJobs(bulkRunQueue, {
        data: { requestId: job.data.requestId },
        queued: true,
      });
      if (spare.length > 0) {
        await jobs.boss.deleteJob(
          bulkRunQueue,
          spare.map((queued) => queued.id),
        );
      }
    },
  });
}
