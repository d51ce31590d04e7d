import type { Finder } from '@mailhound/finder';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/database.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { WebhookEvents } from '../../platform/webhook-events.ts';
import { createSearchFinder } from '../search/index.ts';
import { bulkRunQueue } from './bulk-store.ts';
import { failRequest, runBulkRequest } from './processing.ts';

export const bulkFailedQueue = 'bulk-failed';

// Requests this worker process runs at once, and chunks per request. Each running chunk holds
// a database connection and its lookups need another now and then (learnt patterns): 4 leaves
// the smallest pool (5, in tests) a free one, so chunks never wait on each other for one.
const requestsPerWorker = 2;
const chunksPerRequest = 2;

export type BulkJob = { requestId: string };

// `bulk-run`: a worker takes at most one job of a request at a time (group = request), so the
// request's jobs spread over the worker processes. A job that fails for good goes to
// `bulk-failed`, which marks the request failed and releases its hold.
export function defineBulkJobs(
  jobs: Jobs,
  deps: { config: Config; db: Db; webhookEvents: WebhookEvents },
): void {
  let finder: Finder | undefined;
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
      finder ??= createSearchFinder(deps.config, deps.db);
      await runBulkRequest(
        { db: deps.db, finder, slots: chunksPerRequest, webhookEvents: deps.webhookEvents },
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
