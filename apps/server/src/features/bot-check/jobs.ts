import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/database.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { deleteExpiredBotChecks } from './bot-check.ts';

export const botCheckCleanupQueue = 'bot-check-cleanup';

export function defineBotCheckJobs(jobs: Jobs, deps: { db: Db; clock: Clock }): void {
  jobs.define({
    name: botCheckCleanupQueue,
    cron: '17 * * * *',
    queue: { retryLimit: 1 },
    handler: async () => ({ deleted: await deleteExpiredBotChecks(deps.db, deps.clock.now()) }),
  });
}
