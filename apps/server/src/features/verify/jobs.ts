import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/database.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { sweepStaleVerifications } from './verifications.ts';

export const verifySweepQueue = 'verify-sweep';

// Every minute: verifications whose process died are settled and their held credit released.
export function defineVerifyJobs(jobs: Jobs, deps: { db: Db; clock: Clock }): void {
  jobs.define({
    name: verifySweepQueue,
    cron: '* * * * *',
    queue: { retryLimit: 1 },
    handler: async () => ({ swept: await sweepStaleVerifications(deps.db, deps.clock.now()) }),
  });
}
