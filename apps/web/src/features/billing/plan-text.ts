import { billingMessages, type Plan } from '@mailhound/contracts';

// product-spec §2 "Purchase": the texts of one plan card.

// Whole dollars without cents ('$49'), otherwise with both digits ('$149.50').
function dollarsFromCents(cents: number): string {
  const digits = cents % 100 === 0 ? 0 : 2;
  return (cents / 100).toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

// A yearly plan grants its credits every month (billing-api.md), so a year holds twelve grants.
export function planEmailsText(plan: Plan): string {
  const { credits, interval } = plan.rules;
  const perInterval = interval === 'year' ? credits * 12 : credits;
  const emails = `${perInterval.toLocaleString('en-US')} fully verified emails`;
  return interval === null ? emails : `${emails} per ${interval}`;
}

// Look-alike is for paid plans only (product-spec §6).
export function planSearchesText(plan: Plan): string {
  const searches = `${plan.rules.lead_search_credits.toLocaleString('en-US')} searches with Lead Finder`;
  return plan.is_default ? searches : `${searches}/Look-Alike`;
}

export function planPriceText(plan: Plan): string {
  if (plan.is_default) return billingMessages.freeForever;
  const price = dollarsFromCents(plan.rules.price);
  return plan.rules.interval === null ? price : `${price}/${plan.rules.interval}`;
}

export type PlanAction = 'sign-up' | 'current' | 'choose';

export function planAction(plan: Plan, currentPlanName: string | null): PlanAction {
  if (plan.is_default) return 'sign-up';
  if (plan.name === currentPlanName) return 'current';
  return 'choose';
}

export const planActionLabels: Record<PlanAction, string> = {
  'sign-up': 'Sign Up',
  current: 'Current Plan',
  choose: 'Choose Plan',
};
