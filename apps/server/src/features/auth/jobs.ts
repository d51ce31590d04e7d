import { COOLDOWN_MS } from '@mailhound/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/database.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { purgeExpiredAuthRows } from './queries.ts';

export const authCleanupQueue = 'auth-cleanup';

// Used codes and links pile up otherwise; hourly is plenty.
export function defineAuthJobs(jobs: Jobs, deps: { db: Db; clock: Clock }): void {
  jobs.define({
    name: authCleanupQueue,
    cron: '17 * * * *',
    queue: { retryLimit: 1 },
    handler: () => purgeExpiredAuthRows(deps.db, deps.clock.now(), { cooldownMs: COOLDOWN_MS }),
  });
}
