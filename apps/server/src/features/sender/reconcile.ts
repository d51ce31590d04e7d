import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import type { MailAccount, MailConnections } from '../../platform/mail/connections.ts';
import { mailboxes } from '../mailboxes/schema.ts';
import { campaignContacts, campaignSends } from './schema.ts';

// A live send gives up long before this (SMTP timeouts are 30 s a step).
export const STUCK_AFTER_MS = 10 * 60_000;
const IMAP_TIMEOUT_MS = 30_000;

const sentNames = /^(sent|sent items|sent messages|sent mail|gesendet|envoy[ée]s)$/i;

// The Message-IDs among `messageIds` that the mailbox's Sent folder holds.
export async function findInSentFolder(
  connections: MailConnections,
  mailbox: MailAccount,
  messageIds: string[],
): Promise<Set<string>> {
  const client = await connections.connectImap(mailbox, { timeoutMs: IMAP_TIMEOUT_MS });
  const found = new Set<string>();
  try {
    const folders = await client.list();
    const sent =
      folders.find((folder) => folder.specialUse === '\\Sent') ??
      folders.find((folder) => sentNames.test(folder.name));
    if (!sent) return found;
    const lock = await client.getMailboxLock(sent.path, { readOnly: true });
    try {
      for (const messageId of messageIds) {
        const uids = await client.search({ header: { 'message-id': messageId } }, { uid: true });
        if (uids && uids.length > 0) found.add(messageId);
      }
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
  return found;
}

export type ReconcileDeps = {
  db: Db;
  now: () => Date;
  connections: MailConnections;
  // Only once no worker runs (the crash test) may this be 0.
  stuckAfterMs?: number;
};

// Rows left in `sending` by a crash: sent when the Sent folder holds their Message-ID,
// otherwise 'unknown'. Never sent again either way.
export async function reconcileStuckSends(
  deps: ReconcileDeps,
): Promise<{ sent: number; unknown: number }> {
  const before = new Date(deps.now().getTime() - (deps.stuckAfterMs ?? STUCK_AFTER_MS));
  const stuck = await deps.db
    .select()
    .from(campaignSends)
    .where(and(eq(campaignSends.status, 'sending'), lte(campaignSends.sendingAt, before)))
    .limit(5000);
  const byMailbox = new Map<string | null, typeof stuck>();
  for (const row of stuck)
    byMailbox.set(row.mailboxId, [...(byMailbox.get(row.mailboxId) ?? []), row]);
  const totals = { sent: 0, unknown: 0 };
  for (const [mailboxId, rows] of byMailbox) {
    let found = new Set<string>();
    let lookupError: string | null = null;
    const [mailbox] = mailboxId
      ? await deps.db.select().from(mailboxes).where(eq(mailboxes.id, mailboxId))
      : [];
    if (mailbox) {
      try {
        found = await findInSentFolder(
          deps.connections,
          mailbox,
          rows.map((row) => row.messageId),
        );
      } catch (error) {
        lookupError = `Sent folder not readable: ${(error as Error).message}`;
      }
    }
    for (const row of rows) {
      const status = found.has(row.messageId) ? 'sent' : 'unknown';
      await deps.db.transaction(async (tx) => {
        const [updated] = await tx
          .update(campaignSends)
          .set({
            status,
            ...(status === 'sent'
              ? { sentAt: row.sendingAt }
              : { error: lookupError ?? row.error }),
          })
          .where(and(eq(campaignSends.id, row.id), eq(campaignSends.status, 'sending')))
          .returning({ id: campaignSends.id });
        if (!updated) return;
        await tx
          .update(campaignContacts)
          .set(
            status === 'sent'
              ? { state: 'ready', lastSentAt: row.sendingAt }
              : { state: 'stopped', stopReason: 'unknown' },
          )
          .where(
            and(
              eq(campaignContacts.campaignId, row.campaignId),
              eq(campaignContacts.customerId, row.customerId),
            ),
          );
      });
      totals[status] += 1;
    }
  }
  return totals;
}
