import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { plans, users } from '../../platform/account-schema.ts';
import type { Db } from '../../platform/database.ts';
import { applyCreditEntry, planGrantKey } from '../credits/index.ts';
import { creditEntries } from '../credits/schema.ts';

const BATCH = 500;

// Every active user on the default (free) plan gets its credits once per month (UTC), under the
// key sign-up uses: a second run of a month is a no-op, and only users still missing this
// month's grant are read. Paid plans are granted per paid billing period instead
// (fulfilment.ts), never by the calendar: a month not paid for grants nothing.
export async function grantMonthlyPlanCredits(db: Db, now: Date): Promise<{ granted: number }> {
  const month = now.toISOString().slice(0, 7);
  const grantKey = sql<string>`'plan_grant:' || ${users.id}::text || ':' || ${month}::text`;
  let granted = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  while (true) {
    const batch = await db
      .select({
        userId: users.id,
        credits: sql<number>`(${plans.rules} ->> 'credits')::int`,
        leadCredits: sql<number>`(${plans.rules} ->> 'lead_search_credits')::int`,
      })
      .from(users)
      .innerJoin(plans, and(eq(plans.id, users.planId), eq(plans.isDefault, true)))
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
          idempotencyKey: planGrantKey(row.userId, now),
        }),
      );
      if (result.applied) granted += 1;
    }
    const last = batch.at(-1);
    if (!last || batch.length < BATCH) return { granted };
    after = last.userId;
  }
}
