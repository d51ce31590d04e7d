import { readFileSync } from 'node:fs';
import type { PlanListItem } from '@mailhound/contracts';
import { z } from 'zod';
import type { PlanRules } from '../../platform/account-schema.ts';
import type { CheckoutMode } from './schema.ts';

export type PlanDefinition = { name: string; isDefault: boolean; rules: PlanRules };

// The plans (product-spec §3 "Plan"; the names and prices are ours): Free (the default), Starter
// and Growth monthly and yearly (credits are counted per month: a yearly payment grants twelve
// months' worth, billing-period.ts), and Extra credits priced per credit. Plan names are unique in
// the plans table, so the yearly plans carry "Yearly" in theirs.
export const defaultPlanCatalogue: readonly PlanDefinition[] = [
  {
    name: 'Free',
    isDefault: true,
    rules: { credits: 25, lead_search_credits: 10, interval: 'month', price: 0, price_id: null },
  },
  {
    name: 'Starter',
    isDefault: false,
    rules: {
      credits: 500,
      lead_search_credits: 50,
      interval: 'month',
      price: 4900,
      price_id: 'price_starter_month',
    },
  },
  {
    name: 'Starter Yearly',
    isDefault: false,
    rules: {
      credits: 500,
      lead_search_credits: 50,
      interval: 'year',
      price: 47000,
      price_id: 'price_starter_year',
    },
  },
  {
    name: 'Growth',
    isDefault: false,
    rules: {
      credits: 2000,
      lead_search_credits: 200,
      interval: 'month',
      price: 14900,
      price_id: 'price_growth_month',
    },
  },
  {
    name: 'Growth Yearly',
    isDefault: false,
    rules: {
      credits: 2000,
      lead_search_credits: 200,
      interval: 'year',
      price: 143000,
      price_id: 'price_growth_year',
    },
  },
  {
    name: 'Extra credits',
    isDefault: false,
    // A credit pack: price is per credit, bought once (interval null in the API).
    rules: {
      credits: 1,
      lead_search_credits: 0,
      interval: 'once',
      price: 5,
      price_id: 'price_extra_credits',
    },
  },
];

// A PLANS_FILE holds plans as the plans list shows them.
const planFileSchema = z
  .array(
    z
      .object({
        name: z.string().trim().min(1).max(100),
        is_default: z.boolean().default(false),
        rules: z
          .object({
            credits: z.number().int().min(0),
            lead_search_credits: z.number().int().min(0).default(0),
            interval: z.enum(['month', 'year']).nullable(),
            price: z.number().int().min(0),
            price_id: z.string().trim().min(1).nullable(),
          })
          .strict(),
      })
      .strict(),
  )
  .min(1)
  .superRefine((entries, context) => {
    const names = entries.map((entry) => entry.name);
    if (new Set(names).size !== names.length) {
      context.addIssue({ code: 'custom', message: 'plan names must be unique' });
    }
    if (entries.filter((entry) => entry.is_default).length !== 1) {
      context.addIssue({ code: 'custom', message: 'exactly one plan must be the default' });
    }
    const priceIds = entries.flatMap((entry) =>
      entry.rules.price_id ? [entry.rules.price_id] : [],
    );
    if (new Set(priceIds).size !== priceIds.length) {
      context.addIssue({ code: 'custom', message: 'price_id values must be unique' });
    }
    for (const entry of entries) {
      if (!entry.is_default && !entry.rules.price_id) {
        context.addIssue({
          code: 'custom',
          message: `${entry.name}: a paid plan needs a price_id`,
        });
      }
    }
  });

export function parsePlanCatalogue(json: string, source: string): PlanDefinition[] {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    throw new Error(`${source}: not valid JSON`);
  }
  const parsed = planFileSchema.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) =>
      issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    );
    throw new Error(`${source}: invalid plans\n  ${problems.join('\n  ')}`);
  }
  return parsed.data.map((entry) => ({
    name: entry.name,
    isDefault: entry.is_default,
    rules: { ...entry.rules, interval: entry.rules.interval ?? 'once' },
  }));
}

export function loadPlanCatalogue(plansFile: string | undefined): readonly PlanDefinition[] {
  if (!plansFile) return defaultPlanCatalogue;
  return parsePlanCatalogue(readFileSync(plansFile, 'utf8'), `PLANS_FILE ${plansFile}`);
}

// Plans with an interval are subscriptions; the others (Extra credits) are bought once.
export function checkoutModeOf(rules: PlanRules): CheckoutMode {
  return rules.interval === 'month' || rules.interval === 'year' ? 'subscription' : 'payment';
}

export function toPlanAnswer(plan: {
  id: number;
  name: string;
  isDefault: boolean;
  rules: PlanRules;
}): PlanListItem {
  const { interval, ...rules } = plan.rules;
  return {
    id: plan.id,
    name: plan.name,
    is_default: plan.isDefault,
    rules: { ...rules, interval: interval === 'once' ? null : interval },
  };
}
