import type { Config } from '../../config.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/database.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { purgeOldEvents } from './queries.ts';

export const forwardEventQueue = 'analytics-forward';
export const eventsCleanupQueue = 'analytics-cleanup';

export type ForwardedEvent = {
  name: string;
  properties: Record<string, unknown>;
  userId: string | null;
  guestId: string | null;
  createdAt: string;
};

// Forwarding runs as a job so that a slow or failing collector never slows the API; pg-boss
// retries it a few times.
export function defineEventJobs(
  jobs: Jobs,
  deps: { db: Db; clock: Clock; config: Pick<Config, 'analyticsForwardUrl'> },
): void {
  const url = deps.config.analyticsForwardUrl;
  jobs.define<ForwardedEvent>({
    name: forwardEventQueue,
    queue: { retryLimit: 3, retryBackoff: true },
    handler: async (job) => {
      if (!url) return;
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(job.data),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`analytics collector answered ${response.status}`);
    },
  });

  // Events older than EVENTS_KEPT_DAYS go, daily.
  jobs.define({
    name: eventsCleanupQueue,
    cron: '53 3 * * *',
    queue: { retryLimit: 1 },
    handler: async () => ({ deleted: await purgeOldEvents(deps.db, deps.clock.now()) }),
  });
}
