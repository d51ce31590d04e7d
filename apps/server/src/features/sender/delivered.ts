import { deliveredAfterHours } from '@mailhound/finder';
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { customers } from '../contacts/schema.ts';
import { recordPeopleSeen } from '../search/index.ts';
import { campaignSends } from './schema.ts';

const hourMs = 3_600_000;

// How far back each run looks past the waiting period: a run that comes an hour late, or a
// worker down for most of a day, still finds the sends it missed. Reruns over the same sends
// add nothing (one pattern observation per address; a delivery replaces only a delivery).
export const deliveredLookbackHours = 24;

// Campaign sends that went out at least `deliveredAfterHours` ago (and at most that plus the
// lookback) and have not hard-bounced — neither the send (an SMTP 5xx at send time, an RFC 3464
// report) nor any other send to the contact — become `delivered` observations with the
// contact's name (README of the finder: the delivered source). In batches of `batchSize`
// sends; returns how many were recorded.
export async function recordDeliveredSends(db: Db, now: Date, batchSize = 1000): Promise<number> {
  const until = new Date(now.getTime() - deliveredAfterHours * hourMs);
  const from = new Date(until.getTime() - deliveredLookbackHours * hourMs);
  let after: { sentAt: Date; id: string } | null = null;
  let recorded = 0;
  for (;;) {
    const sends = await db
      .select({
        id: campaignSends.id,
        sentAt: campaignSends.sentAt,
        email: customers.email,
        firstName: customers.fname,
        lastName: customers.lname,
      })
      .from(campaignSends)
      .innerJoin(customers, eq(customers.id, campaignSends.customerId))
      .where(
        and(
          eq(campaignSends.status, 'sent'),
          isNull(customers.bouncedAt),
          gt(campaignSends.sentAt, from),
          lte(campaignSends.sentAt, until),
          after
            ? or(
                gt(campaignSends.sentAt, after.sentAt),
                and(eq(campaignSends.sentAt, after.sentAt), gt(campaignSends.id, after.id)),
              )
            : sql`true`,
        ),
      )
      .orderBy(asc(campaignSends.sentAt), asc(campaignSends.id))
      .limit(batchSize);
    recorded += await recordPeopleSeen(db, sends, 'delivered');
    const last = sends.at(-1);
    if (!last?.sentAt || sends.length < batchSize) return recorded;
    after = { sentAt: last.sentAt, id: last.id };
  }
}
