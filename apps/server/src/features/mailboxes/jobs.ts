import type { Config } from '../../config.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/database.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { createHealthDns, refreshHealth, refreshStaleHealth } from './health.ts';

export const mailboxHealthQueue = 'mailbox-health';
export const mailboxHealthDailyQueue = 'mailbox-health-daily';

// Sender-domain health (issue 25): a mailbox is checked when it is added or its servers change,
// and again once a day; the hourly run takes those whose last check is a day old.
export function defineMailboxJobs(jobs: Jobs, deps: { config: Config; db: Db; clock: Clock }) {
  const dns = createHealthDns(deps.config);
  jobs.define<{ mailboxId: string }>({
    name: mailboxHealthQueue,
    queue: { retryLimit: 2, retryDelay: 60 },
    handler: async (job) => {
      const row = await refreshHealth(deps.db, dns, job.data.mailboxId, deps.clock.now());
      return { state: row?.health?.state ?? null };
    },
  });
  jobs.define({
    name: mailboxHealthDailyQueue,
    cron: '23 * * * *',
    queue: { policy: 'singleton', retryLimit: 0 },
    handler: async () => ({
      checked: await refreshStaleHealth(deps.db, dns, deps.clock.now()),
    }),
  });
}
