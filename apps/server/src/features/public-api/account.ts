import { eq } from 'drizzle-orm';
import { users } from '../../platform/account-schema.ts';
import type { Db } from '../../platform/database.ts';
import { countApiCalls, currentPeriodStart } from '../api-keys/index.ts';
import { readSubscriptionSummary } from '../billing/index.ts';
import { availableCredits, readAccountSummary } from '../credits/index.ts';
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
  const calls = await countApiCalls(db, userId, since);
  return {
    data: {
      first_name: user.fname,
      last_name: user.lname,
      email: user.username,
      plan_name: subscription.plan,
      plan_level: null,
      reset_date: (subscription.currentPeriodEnd ?? now.toISOString()).slice(0, 10),
      team_id: null,
      requests: { credits: { used, available: used + availableCredits(balances) } },
      calls: { used: calls, available: null },
    },
  };
}
