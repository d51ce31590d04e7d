import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/database.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { renewDueLocalSubscriptions } from './local-renewals.ts';
import { grantMonthlyPlanCredits } from './plan-grants.ts';

export const planGrantsQueue = 'billing-plan-grants';
export const localRenewalsQueue = 'billing-local-renewals';

export function defineBillingJobs(jobs: Jobs, deps: { db: Db; clock: Clock }): void {
  // Daily rather than on the 1st only: a month whose first run was missed (the process was
  // down) is granted the next day; the ledger keys keep it to once a month.
  jobs.define({
    name: planGrantsQueue,
    cron: '7 0 * * *',
    queue: { retryLimit: 3 },
    handler: () => grantMonthlyPlanCredits(deps.db, deps.clock.now()),
  });
  // Local subscriptions are billed within minutes of their period's end, as Stripe bills its
  // own; with Stripe configured there are none left to renew, or only old test ones.
  jobs.define({
    name: localRenewalsQueue,
    cron: '*/10 * * * *',
    queue: { retryLimit: 3 },
    handler: () => renewDueLocalSubscriptions(deps.db, deps.clock.now()),
  });
}
