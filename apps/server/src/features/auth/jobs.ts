import { COOLDOWN_MS } from '@mailhound/contracts';
import type { RateLimits } from '../../app.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/database.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { purgeExpiredAuthRows } from './queries.ts';

export const authCleanupQueue = 'auth-cleanup';

// Login failures, used codes and links pile up otherwise; hourly is plenty.
export function defineAuthJobs(
  jobs: Jobs,
  deps: { db: Db; clock: Clock; rateLimits: Pick<RateLimits, 'windowMs'> },
): void {
  jobs.define({
    name: authCleanupQueue,
    cron: '17 * * * *',
    queue: { retryLimit: 1 },
    handler: () =>
      purgeExpiredAuthRows(deps.db, deps.clock.now(), {
        loginWindowMs: deps.rateLimits.windowMs,
        cooldownMs: COOLDOWN_MS,
      }),
  });
}
