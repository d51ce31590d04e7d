import { deliveredAfterHours } from '@mailhound/finder';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { campaigns } from '../campaigns/schema.ts';
import { customers } from '../contacts/schema.ts';
import { mailboxes } from '../mailboxes/schema.ts';
import { recordPeopleSeen } from '../search/index.ts';
import { campaignSends } from './schema.ts';

const hourMs = 3_600_000;

// How far back each run looks past the waiting period: a run that comes an hour late, or a
// worker down for most of a day, still finds the sends it missed. Reruns over the same sends
// add nothing (one pattern observation per address; a delivery replaces only a delivery).
export const deliveredLookbackHours = 24;

// The sends of these campaigns that went out in (from, until] and are still `sent` (not
// bounced at send time nor by a report), to contacts that never bounced. Through the partial
// index campaign_sends_campaign_answered (campaign, time) on sent and bounced sends.
// Only sends whose mailbox still exists and is active (recordDeliveredSends also asks when it
// was last read); to contacts not edited since the send (their address and names are read as
// they are now) and with both names, as every other source requires.
export const deliveredSendsQuery = (
  db: Db,
  campaignIds: string[],
  window: { from: Date; until: Date },
) => {
  const at = sql`coalesce(${campaignSends.sentAt}, ${campaignSends.sendingAt}, ${campaignSends.scheduledAt})`;
  return db
    .select({
      email: customers.email,
      firstName: customers.fname,
      lastName: customers.lname,
      mailboxId: mailboxes.id,
      at: at.mapWith(campaignSends.sentAt),
    })
    .from(campaignSends)
    .innerJoin(customers, eq(customers.id, campaignSends.customerId))
    .innerJoin(mailboxes, eq(mailboxes.id, campaignSends.mailboxId))
    .where(
      and(
        inArray(campaignSends.campaignId, campaignIds),
        eq(campaignSends.status, 'sent'),
        sql`${at} > ${window.from.toISOString()}::timestamptz`,
        sql`${at} <= ${window.until.toISOString()}::timestamptz`,
        isNull(customers.bouncedAt),
        eq(mailboxes.status, 'active'),
        sql`${customers.updatedAt} <= ${at}`,
        sql`btrim(${customers.fname}) <> ''`,
        sql`btrim(${customers.lname}) <> ''`,
      ),
    );
};

// When inbox sync last read each of these mailboxes, for those whose last read did not fail:
// a port the Unibox answers (its mailboxesReadAt), since it owns the sync state.
export type MailboxesRead = (db: Db, mailboxIds: string[]) => Promise<Map<string, Date>>;

// Campaign sends that went out at least `deliveredAfterHours` ago (and at most that plus the
// lookback) and have not hard-bounced — neither the send (an SMTP 5xx at send time, an RFC 3464
// report) nor any other send to the contact — become `delivered` observations with the
// contact's name (README of the finder: the delivered source). A send counts only once its
// bounce would have been read: inbox sync read its mailbox without failing at or after the
// waiting period ended. `batchSize` campaigns at a time; returns how many were recorded.
export async function recordDeliveredSends(
  db: Db,
  now: Date,
  mailboxesRead: MailboxesRead,
  batchSize = 500,
): Promise<number> {
  const until = new Date(now.getTime() - deliveredAfterHours * hourMs);
  const from = new Date(until.getTime() - deliveredLookbackHours * hourMs);
  let after: string | null = null;
  let recorded = 0;
  for (;;) {
    const batch = await db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(after ? gt(campaigns.id, after) : undefined)
      .orderBy(asc(campaigns.id))
      .limit(batchSize);
    if (batch.length === 0) return recorded;
    const ids = batch.map((row) => row.id);
    const sends = await deliveredSendsQuery(db, ids, { from, until });
    const readAt = await mailboxesRead(db, [...new Set(sends.map((send) => send.mailboxId))]);
    const seen = sends.filter((send) => {
      const read = readAt.get(send.mailboxId);
      return read && read.getTime() >= send.at.getTime() + deliveredAfterHours * hourMs;
    });
    recorded += await recordPeopleSeen(db, seen, 'delivered');
    after = ids.at(-1) ?? null;
  }
}
