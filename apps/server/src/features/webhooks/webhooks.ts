import { randomBytes, randomUUID } from 'node:crypto';
import {
  WEBHOOK_DELIVERIES_SHOWN,
  WEBHOOKS_MAX,
  type Webhook,
  type WebhookCreate,
  type WebhookCreated,
  type WebhookDelivery,
  type WebhookEvent,
  webhookMessages,
} from '@mailhound/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../platform/database.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { resolveMailHost } from '../../platform/mail/host-policy.ts';
import type { PasswordBox } from '../../platform/mail/password-box.ts';
import { isId, isoDate } from '../../platform/paging.ts';
import { webhookDeliveries, webhooks } from './schema.ts';

export type WebhookRow = typeof webhooks.$inferSelect;

export type WebhookDeps = { db: Db; box: PasswordBox; allowPrivateHosts: boolean };

// The URL's host passes the mailbox hosts' private-address refusal (an SSRF guard), with the
// webhooks' own words. A host that does not resolve yet is let through: delivery says so.
export async function resolveWebhookHost(url: URL, allowPrivateHosts: boolean) {
  return resolveMailHost(url.hostname, allowPrivateHosts, webhookMessages.privateAddress);
}

export function webhookAnswer(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    created: isoDate(row.createdAt),
  };
}

export async function listWebhooks(db: Db, userId: string): Promise<Webhook[]> {
  const rows = await db
    .select()
    .from(webhooks)
    .where(eq(webhooks.userId, userId))
    .orderBy(desc(webhooks.createdAt));
  return rows.map(webhookAnswer);
}

export async function findWebhook(db: Db, userId: string, id: string): Promise<WebhookRow> {
  if (!isId(id)) throw notFound(webhookMessages.notFound);
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.userId, userId)));
  if (!row) throw notFound(webhookMessages.notFound);
  return row;
}

async function countWebhooks(db: Queryable, userId: string): Promise<number> {
  const [existing] = await db
    .select({ total: count() })
    .from(webhooks)
    .where(eq(webhooks.userId, userId));
  return existing?.total ?? 0;
}

// The secret is whsec_ and 32 random bytes, as Stripe's and Svix's look.
export async function createWebhook(
  deps: WebhookDeps,
  userId: string,
  payload: WebhookCreate,
): Promise<WebhookCreated> {
  // Counted first: a name lookup holds a resolver query for up to seconds.
  if ((await countWebhooks(deps.db, userId)) >= WEBHOOKS_MAX)
    throw conflict(webhookMessages.tooMany);
  await resolveWebhookHost(new URL(payload.url), deps.allowPrivateHosts);
  const id = randomUUID();
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  // Counted again with the insert, one creation of the user's at a time: requests sent
  // together all passed the first count while their names were looked up.
  const row = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhooks:${userId}`}))`);
    if ((await countWebhooks(tx, userId)) >= WEBHOOKS_MAX) throw conflict(webhookMessages.tooMany);
    const [inserted] = await tx
      .insert(webhooks)
      .values({
        id,
        userId,
        url: payload.url,
        events: payload.events,
        secretEncrypted: deps.box.seal(secret, id),
      })
      .returning();
    return inserted;
  });
  if (!row) throw new Error('webhook not stored');
  return { ...webhookAnswer(row), secret };
}

// Turning a webhook on again forgets why it was off and how long it had been failing.
export async function setWebhookEnabled(
  db: Db,
  userId: string,
  id: string,
  enabled: boolean,
): Promise<Webhook> {
  const row = await findWebhook(db, userId, id);
  const [updated] = await db
    .update(webhooks)
    .set({ enabled, disabledReason: null, failingSince: enabled ? null : row.failingSince })
    .where(eq(webhooks.id, row.id))
    .returning();
  if (!updated) throw notFound(webhookMessages.notFound);
  return webhookAnswer(updated);
}

export async function deleteWebhook(db: Db, userId: string, id: string): Promise<void> {
  const row = await findWebhook(db, userId, id);
  await db.delete(webhooks).where(eq(webhooks.id, row.id));
}

export async function listDeliveries(
  db: Db,
  userId: string,
  id: string,
): Promise<WebhookDelivery[]> {
  const row = await findWebhook(db, userId, id);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, row.id))
    .orderBy(desc(webhookDeliveries.at), desc(webhookDeliveries.attempt))
    .limit(WEBHOOK_DELIVERIES_SHOWN);
  return rows.map((delivery) => ({
    id: delivery.id,
    event: delivery.event as WebhookDelivery['event'],
    event_id: delivery.eventId,
    attempt: delivery.attempt,
    status_code: delivery.statusCode,
    error: delivery.error,
    at: isoDate(delivery.at),
  }));
}
