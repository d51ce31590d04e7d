import { billingMessages, type Plan, type SubscriptionAnswer } from '@mailhound/contracts';
import { formatLongDate } from '../../shared/ui/dates.ts';

// product-spec §2 "Purchase": the texts of one plan card.

// Whole dollars without cents ('$49'), otherwise with both digits ('$149.50').
export function dollarsFromCents(cents: number): string {
  const digits = cents % 100 === 0 ? 0 : 2;
  return (cents / 100).toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

// Plan rules count credits per month; a yearly plan is paid, and granted, a year at once
// (twelve months' credits and lead searches), so its card shows what the year brings.
function perPeriod(monthly: number, interval: Plan['rules']['interval']): string {
  return (interval === 'year' ? monthly * 12 : monthly).toLocaleString('en-US');
}

export function planEmailsText(plan: Plan): string {
  const { credits, interval } = plan.rules;
  const emails = `${perPeriod(credits, interval)} fully verified emails`;
  return interval === null ? emails : `${emails} per ${interval}`;
}

// Look-alike is for paid plans only (product-spec §6). Monthly cards read as per month beside
// the e-mails line; a yearly card says its year.
export function planSearchesText(plan: Plan): string {
  const { lead_search_credits, interval } = plan.rules;
  const searches = `${perPeriod(lead_search_credits, interval)} searches with Lead Finder`;
  const named = plan.is_default ? searches : `${searches}/Look-Alike`;
  return interval === 'year' ? `${named} per year` : named;
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

const intervalWords: Record<string, string> = { month: 'Monthly', year: 'Yearly' };

export type OrderSummary = {
  item: string;
  lines: string[];
  total: string;
  terms: string;
};

// What Pay buys, written before it is pressed: a plan bills its price each interval; Extra
// credits bill the quantity × the price per credit once (api-spec §9).
export function orderSummary(plan: Plan, quantity: number): OrderSummary {
  const { interval, price } = plan.rules;
  if (interval === null) {
    const credits = quantity.toLocaleString('en-US');
    return {
      item: plan.name,
      lines: [`${credits} credits × ${dollarsFromCents(price)}`],
      total: dollarsFromCents(quantity * price),
      terms: 'One-time payment.',
    };
  }
  return {
    item: `${plan.name} (${intervalWords[interval] ?? interval})`,
    lines: [planEmailsText(plan), planSearchesText(plan)],
    total: dollarsFromCents(price),
    terms: `Renews every ${interval} until you cancel.`,
  };
}

// Buying another plan while one is paid for (the server's fulfilCheckout): once the payment is
// confirmed the active subscription is cancelled at once, without proration or refund, and the
// credits its periods granted stay on the balance. Said before Pay; null when no plan is replaced.
export function planChangeText(
  subscription: SubscriptionAnswer | undefined,
  plan: Plan,
): string | null {
  if (subscription?.status !== 'active' || plan.rules.interval === null) return null;
  if (subscription.plan === plan.name) return null;
  return `Your ${subscription.plan} plan ends when you pay, with no refund for the rest of its ${subscription.interval}; the credits it gave you stay.`;
}

// Settings › Billing: when a paid period renews (or ends), or when the Free plan's month resets.
export function renewalText(subscription: SubscriptionAnswer): string | null {
  if (subscription.currentPeriodEnd === null) return null;
  const day = formatLongDate(subscription.currentPeriodEnd);
  if (subscription.status === null) return `Credits reset on ${day}`;
  return subscription.cancelAtPeriodEnd ? `Ends on ${day}` : `Renews on ${day}`;
}

export function usageText({ credits, leadSearches }: SubscriptionAnswer['usage']): string {
  const of = (usage: { used: number; granted: number }) =>
    `${usage.used.toLocaleString('en-US')} of ${usage.granted.toLocaleString('en-US')}`;
  return `This period: ${of(credits)} verified e-mails used · ${of(leadSearches)} Lead Finder searches used`;
}
