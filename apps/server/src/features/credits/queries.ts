import { eq, sql } from 'drizzle-orm';
import { type PlanRules, plans, users } from '../../platform/account-schema.ts';
import type { Queryable } from '../../platform/database.ts';
import type { CreditBalances } from './credit-ledger.ts';
import { creditAccounts } from './schema.ts';

export type Plan = { id: number; name: string; isDefault: boolean; rules: PlanRules };

export const freePlan = {
  name: 'Free',
  isDefault: true,
  rules: { credits: 25, lead_search_credits: 10, interval: 'month', price: 0, price_id: null },
} as const satisfies Omit<Plan, 'id'>;

export async function findDefaultPlan(db: Queryable): Promise<Plan | undefined> {
  const [plan] = await db.select().from(plans).where(eq(plans.isDefault, true));
  return plan;
}

// Idempotent: the Free plan is also created by a migration; this keeps `seed` self-sufficient.
export async function ensureFreePlan(db: Queryable): Promise<Plan> {
  await db
    .insert(plans)
    .values({ ...freePlan, rules: { ...freePlan.rules } })
    .onConflictDoNothing({ target: plans.name });
  const [plan] = await db.select().from(plans).where(eq(plans.name, freePlan.name));
  if (!plan) throw new Error('the Free plan is missing');
  return plan;
}

export type AccountSummary = CreditBalances & { plan: { name: string; is_default: boolean } };

export async function readAccountSummary(
  db: Queryable,
  userId: string,
): Promise<AccountSummary | undefined> {
  const [row] = await db
    .select({
      balance: creditAccounts.balance,
      onHold: creditAccounts.onHold,
      leadSearchBalance: creditAccounts.leadSearchBalance,
      planName: plans.name,
      planIsDefault: plans.isDefault,
    })
    .from(users)
    .innerJoin(plans, eq(plans.id, users.planId))
    .leftJoin(creditAccounts, eq(creditAccounts.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  return {
    balance: row.balance ?? 0,
    onHold: row.onHold ?? 0,
    leadSearchBalance: row.leadSearchBalance ?? 0,
    plan: { name: row.planName, is_default: row.planIsDefault },
  };
}

// The monthly grant of a plan; its key makes a second grant in the same month a no-op.
export function planGrantKey(userId: string, at: Date): string {
  return `plan_grant:${userId}:${at.toISOString().slice(0, 7)}`;
}

// FREE_PLAN_CREDITS: the Free plan's monthly credits follow the configuration at every start.
export async function applyFreePlanCredits(db: Queryable, credits: number): Promise<void> {
  await ensureFreePlan(db);
  await db
    .update(plans)
    .set({ rules: sql`${plans.rules} || jsonb_build_object('credits', ${credits}::int)` })
    .where(eq(plans.name, freePlan.name));
}
