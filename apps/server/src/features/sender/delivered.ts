import { deliveredAfterHours } from '@mailhound/finder';
import { and, asc, eq, exists, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { campaigns } from '../campaigns/schema.ts';
import { customers } from '../contacts/schema.ts';
import { mailboxes } from '../mailboxes/schema.ts';
import { recordPeopleSeen } from '../search/index.ts';
import { domainPatterns } from '../search/schema.ts';
import { campaignSends } from './schema.ts';

const hourMs = 3_600_000;

// How far back each run looks past the waiting period: a run that comes an hour late, or a
// worker down for most of a day, still finds the sends it missed. Reruns over the same sends
// add nothing (one pattern observation per address; a delivery replaces only a delivery).
export const deliveredLookbackHours = 24;

// When a send went out, as the partial index campaign_sends_campaign_answered (campaign, time)
// on sent and bounced sends has it; sent sends of the window (from, until].
const sentTime = sql`coalesce(${campaignSends.sentAt}, ${campaignSends.sendingAt}, ${campaignSends.scheduledAt})`;
const sentIn = (window: { from: Date; until: Date }) =>
  and(
    eq(campaignSends.status, 'sent'),
    sql`${sentTime} > ${window.from.toISOString()}::timestamptz`,
    sql`${sentTime} <= ${window.until.toISOString()}::timestamptz`,
  );

// The sends of these campaigns that went out in (from, until] and are still `sent` (not
// bounced at send time nor by a report), to contacts that never bounced, through that index.
// Only sends whose mailbox still exists and is active (recordDeliveredSends also asks when it
// was last read); to contacts not edited since the send (their address and names are read as
// they are now) and with both names, as every other source requires. An address already
// recorded as delivered is left out: an hourly rerun over the same sends rewrites no row.
export const deliveredSendsQuery = (
  db: Db,
  campaignIds: string[],
  window: { from: Date; until: Date },
) => {
  const email = sql`lower(btrim(${customers.email}))`;
  return db
    .select({
      email: customers.email,
      firstName: customers.fname,
      lastName: customers.lname,
      mailboxId: mailboxes.id,
      userId: mailboxes.userId,
      at: sql`${sentTime}`.mapWith(campaignSends.sentAt),
    })
    .from(campaignSends)
    .innerJoin(customers, eq(customers.id, campaignSends.customerId))
    .innerJoin(mailboxes, eq(mailboxes.id, campaignSends.mailboxId))
    .where(
      and(
        inArray(campaignSends.campaignId, campaignIds),
        sentIn(window),
        isNull(customers.bouncedAt),
        eq(mailboxes.status, 'active'),
        sql`${customers.updatedAt} <= ${sentTime}`,
        sql`btrim(${customers.fname}) <> ''`,
        sql`btrim(${customers.lname}) <> ''`,
        sql`not exists (select 1 from ${domainPatterns}
          where ${domainPatterns.domain} = split_part(${email}, '@', 2)
            and ${domainPatterns.email} = ${email}
            and ${domainPatterns.observer} = ${mailboxes.userId}::text
            and ${domainPatterns.source} = 'delivered')`,
      ),
    );
};

// The first `limit` campaigns after `after` (by id) that have sent sends in the window: each is
// one probe of campaign_sends_campaign_answered, and a run reads no campaign with nothing to do.
export const deliveredCampaignsQuery = (
  db: Db,
  window: { from: Date; until: Date },
  after: string | null,
  limit: number,
) =>
  db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        after ? gt(campaigns.id, after) : undefined,
        exists(
          db
            .select({ one: sql`1` })
            .from(campaignSends)
            .where(and(eq(campaignSends.campaignId, campaigns.id), sentIn(window))),
        ),
      ),
    )
    .orderBy(asc(campaigns.id))
    .limit(limit);

// When inbox sync last read each of these mailboxes, for those whose last read did not fail:
// a port the Unibox answers (its mailboxesReadAt), since it owns the sync state.
export type MailboxesRead = (db: Db, mailboxIds: string[]) => Promise<Map<string, Date>>;

// Campaign sends that went out at least `deliveredAfterHours` ago (and at most that plus the
// lookback) and have not hard-bounced — neither the send (an SMTP 5xx at send time, an RFC 3464
// report) nor any other send to the contact — become `delivered` observations with the
// contact's name (README of the finder: the delivered source). A send counts only once its
// bounce would have been read: inbox sync read its mailbox without failing at or after the
// waiting period ended. `batchSize` campaigns with sends in the window at a time; returns how
// many were recorded.
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
    const batch = await deliveredCampaignsQuery(db, { from, until }, after, batchSize);
    if (batch.length === 0) return recorded;
    const ids = batch.map((row) => row.id);
    const sends = await deliveredSendsQuery(db, ids, { from, until });
    const readAt = await mailboxesRead(db, [...new Set(sends.map((send) => send.mailboxId))]);
    const seen = sends.filter((send) => {
      const read = readAt.get(send.mailboxId);
      return read && read.getTime() >= send.at.getTime() + deliveredAfterHours * hourMs;
    });
    // Each user's sends are that user's observations.
    for (const userId of new Set(seen.map((send) => send.userId)))
      recorded += await recordPeopleSeen(
        db,
        seen.filter((send) => send.userId === userId),
        'delivered',
        userId,
      );
    after = ids.at(-1) ?? null;
  }
}
