import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/database.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { grantMonthlyPlanCredits } from './plan-grants.ts';

export const planGrantsQueue = 'billing-plan-grants';

// Daily rather than on the 1st only: a month whose first run was missed (the process was down)
// is granted the next day; the ledger keys keep it to once a month.
export function defineBillingJobs(jobs: Jobs, deps: { db: Db; clock: Clock }): void {
  jobs.define({
    name: planGrantsQueue,
    cron: '7 0 * * *',
    queue: { retryLimit: 3 },
    handler: () => grantMonthlyPlanCredits(deps.db, deps.clock.now()),
  });
}
