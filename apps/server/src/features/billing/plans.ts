import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { plans } from '../../platform/account-schema.ts';
import type { Db, Queryable } from '../../platform/database.ts';
import type { Plan } from '../credits/index.ts';
import { loadPlanCatalogue, type PlanDefinition } from './plan-catalogue.ts';

// Writes the configured plans (built-in or PLANS_FILE) at start. Plans dropped from the
// configuration stay in the table for the users still on them but are no longer listed or sold.
// The default plan's credits follow FREE_PLAN_CREDITS.
export async function syncPlans(
  db: Db,
  catalogue: readonly PlanDefinition[],
  freePlanCredits: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const defaultPlan = catalogue.find((plan) => plan.isDefault);
    if (defaultPlan) {
      await tx
        .update(plans)
        .set({ isDefault: false })
        .where(and(eq(plans.isDefault, true), ne(plans.name, defaultPlan.name)));
    }
    for (const plan of catalogue) {
      const rules = plan.isDefault ? { ...plan.rules, credits: freePlanCredits } : plan.rules;
      await tx
        .insert(plans)
        .values({ name: plan.name, isDefault: plan.isDefault, rules })
        .onConflictDoUpdate({
          target: plans.name,
          set: { isDefault: sql`excluded.is_default`, rules: sql`excluded.rules` },
        });
    }
  });
}

// The plans on sale, in the configuration's order.
export async function listPlans(
  db: Queryable,
  catalogue: readonly PlanDefinition[],
): Promise<Plan[]> {
  const names = catalogue.map((plan) => plan.name);
  const rows = await db
    .select({ id: plans.id, name: plans.name, isDefault: plans.isDefault, rules: plans.rules })
    .from(plans)
    .where(inArray(plans.name, names));
  return rows.sort((a, b) => names.indexOf(a.name) - names.indexOf(b.name));
}

export async function findPlanOnSale(
  db: Queryable,
  catalogue: readonly PlanDefinition[],
  priceId: string,
): Promise<Plan | undefined> {
  const listed = await listPlans(db, catalogue);
  return listed.find((plan) => plan.rules.price_id === priceId && !plan.isDefault);
}

// The plan a provider's price bills for, on sale or not (a plan dropped from the configuration
// still bills the users on it); the newest row when a price was passed to a renamed plan.
export async function findPlanByPrice(db: Queryable, priceId: string): Promise<Plan | undefined> {
  const [plan] = await db
    .select({ id: plans.id, name: plans.name, isDefault: plans.isDefault, rules: plans.rules })
    .from(plans)
    .where(and(sql`${plans.rules} ->> 'price_id' = ${priceId}`, eq(plans.isDefault, false)))
    .orderBy(desc(plans.id))
    .limit(1);
  return plan;
}

export async function findPlan(db: Queryable, planId: number): Promise<Plan | undefined> {
  const [plan] = await db
    .select({ id: plans.id, name: plans.name, isDefault: plans.isDefault, rules: plans.rules })
    .from(plans)
    .where(eq(plans.id, planId));
  return plan;
}

// At start: the built-in plans, or PLANS_FILE's.
export async function syncConfiguredPlans(
  db: Db,
  config: Pick<Config, 'billing' | 'freePlanCredits'>,
): Promise<void> {
  await syncPlans(db, loadPlanCatalogue(config.billing.plansFile), config.freePlanCredits);
}
