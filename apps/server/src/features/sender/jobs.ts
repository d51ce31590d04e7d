import type { Config } from '../../config.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/database.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { MailConnections } from '../../platform/mail/connections.ts';
import type { WebhookEvents } from '../../platform/webhook-events.ts';
import { campaignTickQueue } from '../campaigns/index.ts';
import { type MailboxesRead, recordDeliveredSends } from './delivered.ts';
import { senderDeps } from './drain.ts';
import { reconcileStuckSends } from './reconcile.ts';
import { sendOne } from './send-one.ts';
import { type QueuedSend, runTick } from './tick.ts';

export const campaignSendQueue = 'campaign-send';
export const campaignReconcileQueue = 'campaign-reconcile';
export const deliveredSendsQueue = 'campaign-delivered';

// Each e-mail is its own job, started at its planned time.
export async function queueSends(jobs: Jobs, sends: QueuedSend[]): Promise<void> {
  for (const send of sends) {
    await jobs.send(campaignSendQueue, { sendId: send.id }, { startAfter: send.at });
  }
}

// The campaign sender: a tick every minute (and one at a campaign's start) plans sends, a job per
// send delivers it, and every five minutes rows left in `sending` by a crash are reconciled
// through the Sent folder.
export function defineSenderJobs(
  jobs: Jobs,
  deps: {
    config: Config;
    db: Db;
    clock: Clock;
    mailConnections: MailConnections;
    webhookEvents: WebhookEvents;
    // When inbox sync last read each mailbox without failing (the Unibox's answer).
    mailboxesRead: MailboxesRead;
  },
) {
  const sendDeps = {
    ...senderDeps(deps.config, deps.db, () => deps.clock.now(), deps.mailConnections),
    webhookEvents: deps.webhookEvents,
  };
  jobs.define({
    name: campaignTickQueue,
    cron: '* * * * *',
    // One tick at a time cluster-wide, so two ticks never plan the same mailbox.
    queue: { policy: 'singleton', retryLimit: 0 },
    handler: async () => {
      const queued = await runTick(deps.db, deps.clock.now(), Math.random);
      await queueSends(jobs, queued);
      return { queued: queued.length };
    },
  });
  jobs.define<{ sendId: string }>({
    name: campaignSendQueue,
    queue: { retryLimit: 3, retryDelay: 30 },
    work: { localConcurrency: 8 },
    handler: async (job) => {
      const result = await sendOne(sendDeps, job.data.sendId);
      if (result.status === 'retry')
        await queueSends(jobs, [{ id: job.data.sendId, at: result.at }]);
      return result;
    },
  });
  jobs.define({
    name: campaignReconcileQueue,
    cron: '*/5 * * * *',
    queue: { policy: 'singleton', retryLimit: 0 },
    handler: () =>
      reconcileStuckSends({
        db: deps.db,
        now: () => deps.clock.now(),
        connections: deps.mailConnections,
      }),
  });
  // Every hour: sends that have not bounced 72 h on teach the finder (delivered.ts).
  jobs.define({
    name: deliveredSendsQueue,
    cron: '37 * * * *',
    queue: { policy: 'singleton', retryLimit: 1 },
    handler: async () => ({
      recorded: await recordDeliveredSends(deps.db, deps.clock.now(), deps.mailboxesRead),
    }),
  });
}
