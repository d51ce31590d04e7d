import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/database.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { sweepStaleSearches } from './search-records.ts';

export const searchSweepQueue = 'search-sweep';

// Every minute: searches whose process died are settled and their held credit released.
export function defineSearchJobs(jobs: Jobs, deps: { db: Db; clock: Clock }): void {
  jobs.define({
    name: searchSweepQueue,
    cron: '* * * * *',
    queue: { retryLimit: 1 },
    handler: async () => ({ swept: await sweepStaleSearches(deps.db, deps.clock.now()) }),
  });
}
