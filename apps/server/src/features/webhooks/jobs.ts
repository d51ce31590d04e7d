import type { Config } from '../../config.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/database.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { MailConnections } from '../../platform/mail/connections.ts';
import { createMailer } from '../../platform/mailer.ts';
import { type DeliveryJob, deliverEvent } from './deliver.ts';
import { webhookDeliveryQueue } from './emit.ts';
import { DELIVERY_TIMEOUT_MS } from './post-event.ts';

// `webhook-delivery`: one job per event and webhook. A failed attempt throws, and pg-boss
// retries it after WEBHOOK_RETRY_SECONDS, doubling (with jitter) up to 3 hours; the worker
// stops retrying once the event is a day old, well within the retries allowed here.
export function defineWebhookJobs(
  jobs: Jobs,
  deps: { config: Config; db: Db; clock: Clock; mailConnections: MailConnections },
): void {
  const delivery = {
    db: deps.db,
    clock: deps.clock,
    box: deps.mailConnections.box,
    mailer: createMailer({
      smtpUrl: deps.config.smtpUrl,
      mailFrom: deps.config.mailFrom,
      db: deps.db,
    }),
    allowPrivateHosts: deps.config.webhooks.allowPrivateHosts,
    publicUrl: deps.config.publicUrl,
  };
  jobs.define<DeliveryJob>({
    name: webhookDeliveryQueue,
    queue: {
      retryLimit: 40,
      retryDelay: deps.config.webhooks.retrySeconds,
      retryBackoff: true,
      retryDelayMax: 3 * 3600,
      expireInSeconds: Math.ceil(DELIVERY_TIMEOUT_MS / 1000) * 6,
    },
    work: { localConcurrency: 4 },
    handler: async (job) => {
      const result = await deliverEvent(delivery, job.data, job.retryCount + 1);
      if (result === 'retry') throw new Error(`delivery of ${job.data.event.id} failed`);
      return { result };
    },
  });
}
