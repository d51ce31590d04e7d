import { and, count, eq, gte } from 'drizzle-orm';
import { users } from '../../platform/account-schema.ts';
import type { Db } from '../../platform/database.ts';
import { countApiCalls, currentPeriodStart } from '../api-keys/index.ts';
import { readSubscriptionSummary } from '../billing/index.ts';
import { availableCredits, readAccountSummary } from '../credits/index.ts';
import { verifications } from '../verify/schema.ts';
import type { AccountAnswer } from './hunter-schemas.ts';

// Hunter's Account Information: the plan, the period's credits (used, and available = used
// plus what is left), when they renew, and the `/v2` calls of this period.
export async function readApiAccount(db: Db, userId: string, now: Date): Promise<AccountAnswer> {
  const [user] = await db
    .select({ fname: users.fname, lname: users.lname, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new Error(`user ${userId} has no row`);
  const [subscription, balances, since] = await Promise.all([
    readSubscriptionSummary(db, userId, now),
    readAccountSummary(db, userId),
    currentPeriodStart(db, userId, now),
  ]);
  const used = subscription.usage.credits.used;
  const [calls, [verified]] = await Promise.all([
    countApiCalls(db, userId, since),
    db
      .select({ count: count() })
      .from(verifications)
      .where(
        and(
          eq(verifications.userId, userId),
          eq(verifications.charged, true),
          gte(verifications.settledAt, since),
        ),
      ),
  ]);
  // A verification takes one credit; every other credit paid for finding an address.
  const verificationsUsed = verified?.count ?? 0;
  return {
    data: {
      first_name: user.fname,
      last_name: user.lname,
      email: user.username,
      plan_name: subscription.plan,
      plan_level: null,
      reset_date: (subscription.currentPeriodEnd ?? now.toISOString()).slice(0, 10),
      team_id: null,
      requests: {
        credits: { used, available: used + availableCredits(balances) },
        searches: { used: Math.max(0, used - verificationsUsed), available: null },
        verifications: { used: verificationsUsed, available: null },
      },
      calls: { used: calls, available: null },
    },
  };
}
