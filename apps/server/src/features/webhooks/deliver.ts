import {
  WEBHOOK_DELIVERIES_SHOWN,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookEventBody,
  webhookMessages,
} from '@mailhound/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { users } from '../../platform/account-schema.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/database.ts';
import { HttpError } from '../../platform/errors.ts';
import type { PasswordBox } from '../../platform/mail/password-box.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { type PostOutcome, postEvent } from './post-event.ts';
import { webhookDeliveries, webhooks } from './schema.ts';
import { signatureHeader } from './signature.ts';
import { resolveWebhookHost, type WebhookRow } from './webhooks.ts';

// Retries go on for a day: an event older than that is dropped, and a URL that has failed
// every attempt for that long is turned off.
export const RETRY_WINDOW_MS = 24 * 3600_000;

export type DeliveryDeps = {
  db: Db;
  clock: Clock;
  box: PasswordBox;
  mailer: Mailer;
  allowPrivateHosts: boolean;
  publicUrl: string;
};

// What one attempt needs, and all that 'Send test' needs.
export type AttemptDeps = Pick<DeliveryDeps, 'db' | 'clock' | 'box' | 'allowPrivateHosts'>;

export type DeliveryJob = { webhookId: string; event: WebhookEventBody };

export const isDelivered = (outcome: PostOutcome) =>
  outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;

// What the job does next: done (delivered, dropped, or the webhook is gone or off) or retry.
export type DeliveryResult = 'delivered' | 'skipped' | 'given up' | 'disabled' | 'retry';

async function attempt(deps: AttemptDeps, hook: WebhookRow, event: WebhookEventBody) {
  const url = new URL(hook.url);
  let resolved: Awaited<ReturnType<typeof resolveWebhookHost>>;
  try {
    // Again at every attempt: the name may resolve elsewhere than when the URL was saved.
    resolved = await resolveWebhookHost(url, deps.allowPrivateHosts);
  } catch (error) {
    if (error instanceof HttpError) return { statusCode: null, error: error.message };
    throw error;
  }
  if ('error' in resolved) return { statusCode: null, error: resolved.error };
  const body = JSON.stringify(event);
  const secret = deps.box.open(hook.secretEncrypted, hook.id);
  const unixSeconds = Math.floor(deps.clock.now().getTime() / 1000);
  return postEvent(url, resolved.address, body, {
    [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secret, unixSeconds, body),
    [WEBHOOK_EVENT_ID_HEADER]: event.id,
  });
}

async function recordAttempt(
  deps: AttemptDeps,
  hook: WebhookRow,
  event: WebhookEventBody,
  attemptNumber: number,
  outcome: PostOutcome,
) {
  await deps.db.insert(webhookDeliveries).values({
    webhookId: hook.id,
    event: event.type,
    eventId: event.id,
    attempt: attemptNumber,
    statusCode: outcome.statusCode,
    error: outcome.error,
    at: deps.clock.now(),
  });
  // Only the deliveries shown are kept.
  await deps.db.execute(sql`
    delete from webhook_deliveries where webhook_id = ${hook.id} and id not in (
      select id from webhook_deliveries where webhook_id = ${hook.id}
      order by at desc, attempt desc limit ${WEBHOOK_DELIVERIES_SHOWN})`);
}

// Turned off and told in one transaction: when the e-mail cannot go (SMTP down, the process
// dies) the webhook stays on and the job's retry turns it off again, so the owner is never
// left with a webhook silently off. (An e-mail sent just before a crash may go twice.)
async function disableAfterFailures(deps: DeliveryDeps, hook: WebhookRow) {
  await deps.db.transaction(async (tx) => {
    const [turnedOff] = await tx
      .update(webhooks)
      .set({ enabled: false, disabledReason: webhookMessages.disabledAfterFailures })
      .where(and(eq(webhooks.id, hook.id), eq(webhooks.enabled, true)))
      .returning({ userId: webhooks.userId });
    if (!turnedOff) return;
    const [user] = await tx
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, turnedOff.userId));
    if (!user) return;
    await deps.mailer.send({
      to: user.username,
      subject: 'Mailhound turned off a webhook',
      text: [
        `Deliveries to your webhook ${hook.url} have failed for 24 hours, so it is turned off.`,
        '',
        webhookMessages.disabledAfterFailures,
        `${deps.publicUrl.replace(/\/$/, '')}/settings/webhooks`,
      ].join('\n'),
    });
  });
}

// 'Send test', while the user waits: one attempt, recorded among the deliveries, on or off (to
// check a fixed receiver before turning it on). It neither retries nor counts towards turning
// the webhook off, so it cannot be used to make our servers call a URL again and again.
export async function deliverTestEvent(
  deps: AttemptDeps,
  hook: WebhookRow,
  event: WebhookEventBody,
): Promise<PostOutcome> {
  const outcome = await attempt(deps, hook, event);
  await recordAttempt(deps, hook, event, 1, outcome);
  return outcome;
}

// One attempt of one event to one webhook, recorded. 2xx is delivered; anything else is
// retried (the job throws) until the event is a day old or the URL has failed for a day.
export async function deliverEvent(
  deps: DeliveryDeps,
  job: DeliveryJob,
  attemptNumber: number,
): Promise<DeliveryResult> {
  const [hook] = await deps.db.select().from(webhooks).where(eq(webhooks.id, job.webhookId));
  if (!hook?.enabled) return 'skipped';
  const outcome = await attempt(deps, hook, job.event);
  await recordAttempt(deps, hook, job.event, attemptNumber, outcome);
  const now = deps.clock.now();
  if (isDelivered(outcome)) {
    if (hook.failingSince) {
      await deps.db.update(webhooks).set({ failingSince: null }).where(eq(webhooks.id, hook.id));
    }
    return 'delivered';
  }
  if (!hook.failingSince) {
    await deps.db.update(webhooks).set({ failingSince: now }).where(eq(webhooks.id, hook.id));
  } else if (now.getTime() - hook.failingSince.getTime() >= RETRY_WINDOW_MS) {
    await disableAfterFailures(deps, hook);
    return 'disabled';
  }
  if (now.getTime() - new Date(job.event.created).getTime() >= RETRY_WINDOW_MS) return 'given up';
  return 'retry';
}
