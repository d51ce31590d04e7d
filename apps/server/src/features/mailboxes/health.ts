import { Resolver } from 'node:dns/promises';
import type { HealthCheckRequest, MailboxHealth } from '@mailhound/contracts';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/database.ts';
import { isoDate } from '../../platform/paging.ts';
import { checkSenderDomain, type HealthDns } from './domain-health.ts';
import { findMailbox } from './mailboxes.ts';
import { mailboxes } from './schema.ts';

const DAY_MS = 86_400_000;
// Mailboxes checked per run of the hourly job; the rest wait for the next run.
const STALE_BATCH = 200;

// The DNS the finder asks (FINDER_RESOLVERS): the mail lab's in tests.
export function createHealthDns(config: Pick<Config, 'finder'>): HealthDns {
  const resolver = new Resolver({ timeout: config.finder.dnsTimeoutMs, tries: 2 });
  resolver.setServers(config.finder.resolvers);
  return resolver;
}

type MailboxRow = typeof mailboxes.$inferSelect;

export function mailboxHealthAnswer(row: MailboxRow): MailboxHealth {
  return {
    domain: row.health?.domain ?? (row.email.split('@').pop() ?? '').toLowerCase(),
    state: row.health?.state ?? null,
    checked: row.healthCheckedAt ? isoDate(row.healthCheckedAt) : null,
    dkim_selector: row.dkimSelector,
    checks: row.health?.checks ?? [],
  };
}

// Checks one mailbox's domain now and stores the outcome; a deleted mailbox is skipped.
export async function refreshHealth(
  db: Db,
  dns: HealthDns,
  mailboxId: string,
  now: Date,
): Promise<MailboxRow | undefined> {
  const [row] = await db.select().from(mailboxes).where(eq(mailboxes.id, mailboxId));
  if (!row) return undefined;
  const health = await checkSenderDomain(dns, {
    email: row.email,
    smtpHost: row.smtpHost,
    dkimSelector: row.dkimSelector,
  });
  const [stored] = await db
    .update(mailboxes)
    .set({ health, healthCheckedAt: now })
    .where(eq(mailboxes.id, mailboxId))
    .returning();
  return stored;
}

// POST …/health: keeps the selector the user named (empty: the common ones) and checks again.
export async function checkHealthNow(
  db: Db,
  dns: HealthDns,
  userId: string,
  id: string,
  request: HealthCheckRequest,
  now: Date,
): Promise<MailboxHealth> {
  const row = await findMailbox(db, userId, id);
  if (request.dkim_selector !== undefined) {
    await db
      .update(mailboxes)
      .set({ dkimSelector: request.dkim_selector || null })
      .where(and(eq(mailboxes.id, row.id), eq(mailboxes.userId, userId)));
  }
  const checked = await refreshHealth(db, dns, row.id, now);
  return mailboxHealthAnswer(checked ?? row);
}

// The daily check: mailboxes never checked or checked more than a day ago, oldest first.
export async function refreshStaleHealth(db: Db, dns: HealthDns, now: Date): Promise<number> {
  const stale = await db
    .select({ id: mailboxes.id })
    .from(mailboxes)
    .where(
      or(
        isNull(mailboxes.healthCheckedAt),
        lt(mailboxes.healthCheckedAt, new Date(now.getTime() - DAY_MS)),
      ),
    )
    .orderBy(sql`${mailboxes.healthCheckedAt} asc nulls first`)
    .limit(STALE_BATCH);
  for (const { id } of stale) await refreshHealth(db, dns, id, now);
  return stale.length;
}
