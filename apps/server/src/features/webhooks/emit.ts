import { randomUUID } from 'node:crypto';
import {
  type WebhookEventBody,
  type WebhookTestResult,
  webhookMessages,
} from '@mailhound/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Db, Queryable } from '../../platform/database.ts';
import { type Jobs, jobsThrough } from '../../platform/jobs.ts';
import type { WebhookEvents } from '../../platform/webhook-events.ts';
import { type AttemptDeps, type DeliveryJob, deliverTestEvent, isDelivered } from './deliver.ts';
import { webhooks } from './schema.ts';
import { findWebhook } from './webhooks.ts';

export const webhookDeliveryQueue = 'webhook-delivery';

export function newEvent(
  clock: Clock,
  type: WebhookEventBody['type'],
  data: WebhookEventBody['data'],
) {
  // The id is the receiver's de-duplication key: the same on every retry of the event.
  return {
    id: `evt_${randomUUID().replaceAll('-', '')}`,
    type,
    created: clock.now().toISOString(),
    data,
  } as WebhookEventBody;
}

// One job per webhook: each retries on its own, with the event (and its id) in its data.
async function queueDelivery(
  jobs: Jobs,
  webhookId: string,
  event: WebhookEventBody,
  tx?: Queryable,
) {
  const job: DeliveryJob = { webhookId, event };
  await jobs.send(webhookDeliveryQueue, job, tx ? { db: jobsThrough(tx) } : {});
}

// The port features emit through. Without background jobs (tests that need none) nothing is
// queued, as features skip what they would queue.
export function createWebhookEvents(deps: {
  db: Db;
  clock: Clock;
  jobs: Jobs | undefined;
}): WebhookEvents {
  return {
    emit: async (userId, type, data, tx) => {
      const { jobs } = deps;
      if (!jobs) return;
      const wanting = await (tx ?? deps.db)
        .select({ id: webhooks.id })
        .from(webhooks)
        .where(
          and(
            eq(webhooks.userId, userId),
            eq(webhooks.enabled, true),
            sql`${type} = any(${webhooks.events})`,
          ),
        );
      if (wanting.length === 0) return;
      const event = newEvent(deps.clock, type, data);
      for (const hook of wanting) await queueDelivery(jobs, hook.id, event, tx);
    },
  };
}

// 'Send test': a signed `webhook.test` event, tried once while the user waits, and what the
// receiver answered.
export async function sendTestEvent(
  deps: AttemptDeps,
  userId: string,
  id: string,
): Promise<WebhookTestResult> {
  const hook = await findWebhook(deps.db, userId, id);
  const data = { webhook_id: hook.id, message: 'A test event from Mailhound.' };
  const outcome = await deliverTestEvent(deps, hook, newEvent(deps.clock, 'webhook.test', data));
  const delivered = isDelivered(outcome);
  let message: string = webhookMessages.testSent;
  if (!delivered) {
    message =
      outcome.statusCode === null
        ? webhookMessages.testFailedNoAnswer(outcome.error ?? 'no answer came.')
        : webhookMessages.testFailedStatus(outcome.statusCode);
  }
  return { delivered, status_code: outcome.statusCode, message };
}
