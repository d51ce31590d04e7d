import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/database.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { purgeOldApiUsage } from './keys.ts';

export const apiUsageCleanupQueue = 'api-usage-cleanup';

// Usage rows are written by every /v2 call; a daily sweep keeps the last 90 days.
export function defineApiKeyJobs(jobs: Jobs, deps: { db: Db; clock: Clock }): void {
  jobs.define({
    name: apiUsageCleanupQueue,
    cron: '41 3 * * *',
    queue: { retryLimit: 1 },
    handler: () => purgeOldApiUsage(deps.db, deps.clock.now()),
  });
}
