import type { SubscriptionAnswer } from '@mailhound/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { plans, users } from '../../platform/account-schema.ts';
import type { Db } from '../../platform/database.ts';
import { creditEntries } from '../credits/schema.ts';
import { subscriptions } from './schema.ts';

// The Free plan's credits come on the first of each month, UTC (plan-grants.ts).
function nextMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

// What the current period granted and used, read from the ledger: the period begins with its
// latest period grant (a paid period's or the Free plan's monthly one, keys `plan_grant:…`);
// upgrade top-ups since add to what it granted, charges since are what it used. Ledger ids, not
// timestamps, order the entries, so the period is the ledger's own.
async function periodUsage(db: Db, userId: string): Promise<SubscriptionAnswer['usage']> {
  const periodStart = sql`(select coalesce(max(${creditEntries.id}), 0) from ${creditEntries}
    where ${creditEntries.userId} = ${userId} and ${creditEntries.kind} = 'plan_grant'
    and ${creditEntries.idempotencyKey} like 'plan_grant:%')`;
  const [row] = await db
    .select({
      creditsUsed: sql<number>`coalesce(sum(${creditEntries.amount}) filter (where ${creditEntries.kind} = 'charge'), 0)::int`,
      leadsUsed: sql<number>`coalesce(sum(${creditEntries.leadAmount}) filter (where ${creditEntries.kind} = 'charge'), 0)::int`,
      creditsGranted: sql<number>`coalesce(sum(${creditEntries.amount}) filter (where ${creditEntries.kind} = 'plan_grant'), 0)::int`,
      leadsGranted: sql<number>`coalesce(sum(${creditEntries.leadAmount}) filter (where ${creditEntries.kind} = 'plan_grant'), 0)::int`,
    })
    .from(creditEntries)
    .where(and(eq(creditEntries.userId, userId), sql`${creditEntries.id} >= ${periodStart}`));
  return {
    credits: { used: row?.creditsUsed ?? 0, granted: row?.creditsGranted ?? 0 },
    leadSearches: { used: row?.leadsUsed ?? 0, granted: row?.leadsGranted ?? 0 },
  };
}

// Settings › Billing: the paid plan and its renewal, or the user's plan renewing monthly.
// Cancelling ends a subscription at once (back to the default plan), so no period is ever left
// to run out: cancelAtPeriodEnd stays false until a provider cancels at the period's end.
export async function readSubscriptionSummary(
  db: Db,
  userId: string,
  now: Date,
): Promise<SubscriptionAnswer> {
  const usage = await periodUsage(db, userId);
  const [active] = await db
    .select({
      plan: plans.name,
      interval: sql<string>`${plans.rules} ->> 'interval'`,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')));
  if (active) {
    return {
      plan: active.plan,
      interval: active.interval === 'year' ? 'year' : 'month',
      status: 'active',
      currentPeriodEnd: active.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: false,
      usage,
    };
  }
  const [own] = await db
    .select({ plan: plans.name })
    .from(users)
    .innerJoin(plans, eq(plans.id, users.planId))
    .where(eq(users.id, userId));
  return {
    plan: own?.plan ?? '',
    interval: 'month',
    status: null,
    currentPeriodEnd: nextMonthStart(now).toISOString(),
    cancelAtPeriodEnd: false,
    usage,
  };
}
