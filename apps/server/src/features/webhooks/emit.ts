import { randomUUID } from 'node:crypto';
import type { WebhookEventBody } from '@mailhound/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Db, Queryable } from '../../platform/database.ts';
import { type Jobs, jobsThrough } from '../../platform/jobs.ts';
import type { WebhookEvents } from '../../platform/webhook-events.ts';
import type { DeliveryJob } from './deliver.ts';
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

// 'Send test': a signed `webhook.test` event through the same queue as real events.
export async function sendTestEvent(
  deps: { db: Db; clock: Clock; jobs: Jobs | undefined },
  userId: string,
  id: string,
): Promise<void> {
  const hook = await findWebhook(deps.db, userId, id);
  if (!deps.jobs) return;
  const data = { webhook_id: hook.id, message: 'A test event from Mailhound.' };
  await queueDelivery(deps.jobs, hook.id, newEvent(deps.clock, 'webhook.test', data));
}
