import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { users } from '../auth/schema.ts';
import { applyCreditEntry } from '../credits/credit-ledger.ts';
import { creditEntries, plans } from '../credits/schema.ts';
import { planGrantKeyFor } from './fulfilment.ts';
import { subscriptions } from './schema.ts';

const BATCH = 500;

// Every active user gets their plan's credits once per month (UTC): the default plan's, or the
// paid plan's through its active subscription. The keys make a second run of a month a no-op,
// and only users still missing this month's grant are read.
export async function grantMonthlyPlanCredits(db: Db, now: Date): Promise<{ granted: number }> {
  const month = now.toISOString().slice(0, 7);
  const grantKey = sql<string>`'plan_grant:' || ${users.id}::text || ':' || ${month}::text || coalesce(':' || ${subscriptions.id}, '')`;
  let granted = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  while (true) {
    const batch = await db
      .select({
        userId: users.id,
        subscriptionId: subscriptions.id,
        credits: sql<number>`(${plans.rules} ->> 'credits')::int`,
        leadCredits: sql<number>`(${plans.rules} ->> 'lead_search_credits')::int`,
      })
      .from(users)
      .innerJoin(plans, eq(plans.id, users.planId))
      .leftJoin(
        subscriptions,
        and(eq(subscriptions.userId, users.id), eq(subscriptions.status, 'active')),
      )
      .where(
        and(
          eq(users.status, 'active'),
          gt(users.id, after),
          sql`not exists (select 1 from ${creditEntries} where ${creditEntries.idempotencyKey} = ${grantKey})`,
        ),
      )
      .orderBy(asc(users.id))
      .limit(BATCH);
    for (const row of batch) {
      const result = await db.transaction((tx) =>
        applyCreditEntry(tx, {
          userId: row.userId,
          kind: 'plan_grant',
          amount: row.credits,
          leadAmount: row.leadCredits,
          idempotencyKey: planGrantKeyFor(row.userId, now, row.subscriptionId),
        }),
      );
      if (result.applied) granted += 1;
    }
    const last = batch.at(-1);
    if (!last || batch.length < BATCH) return { granted };
    after = last.userId;
  }
}
