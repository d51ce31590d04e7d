import type { PlanRules } from '../../platform/account-schema.ts';

// A plan's rules count credits per month; a yearly period is paid at once and granted at once,
// twelve months' worth (Hunter's yearly plans work so: the year's credits last the whole year).
export function monthsPerPeriod(interval: PlanRules['interval']): number {
  return interval === 'year' ? 12 : 1;
}

export function periodGrant(rules: PlanRules): { credits: number; leadCredits: number } {
  const months = monthsPerPeriod(rules.interval);
  return { credits: rules.credits * months, leadCredits: rules.lead_search_credits * months };
}

// A subscription's grants, oldest first: each paid period's, and the plan upgrades' since.
export type SubscriptionGrant = {
  kind: 'period' | 'upgrade';
  credits: number;
  leadCredits: number;
};

// An upgrade paid during a period tops that period up to the new plan's grant (Hunter gives the
// new plan's credits at once): what the period has brought so far counts against it, so a
// period never brings more than the largest plan it was on, and going down and back up grants
// nothing more.
export function upgradeTopUp(
  rules: PlanRules,
  grants: readonly SubscriptionGrant[],
): { credits: number; leadCredits: number } {
  const periodStart = grants.findLastIndex((grant) => grant.kind === 'period');
  const sofar = grants.slice(Math.max(periodStart, 0)).reduce(
    (sum, grant) => ({
      credits: sum.credits + grant.credits,
      leadCredits: sum.leadCredits + grant.leadCredits,
    }),
    { credits: 0, leadCredits: 0 },
  );
  const target = periodGrant(rules);
  return {
    credits: Math.max(0, target.credits - sofar.credits),
    leadCredits: Math.max(0, target.leadCredits - sofar.leadCredits),
  };
}

// As Stripe, periods keep the anchor's day: bought on 31 January, renewed on 28 (or 29)
// February, then on 31 March; the time of day stays the anchor's.
function addMonths(anchor: Date, months: number): Date {
  const target = new Date(anchor.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(anchor.getUTCDate(), lastDay));
  return target;
}

// The end of the n-th period (1 = the first) of a subscription started at anchor.
export function periodEnd(anchor: Date, interval: PlanRules['interval'], n: number): Date {
  return addMonths(anchor, n * monthsPerPeriod(interval));
}

// The end of the period that follows the one ending at currentEnd.
export function nextPeriodEnd(
  anchor: Date,
  interval: PlanRules['interval'],
  currentEnd: Date,
): Date {
  const months =
    (currentEnd.getUTCFullYear() - anchor.getUTCFullYear()) * 12 +
    currentEnd.getUTCMonth() -
    anchor.getUTCMonth();
  const n = Math.round(months / monthsPerPeriod(interval));
  return periodEnd(anchor, interval, n + 1);
}

// The credits a refund takes back: the refunded share of the payment, counted on the running
// total of refunds so that several partial refunds add up to the whole grant, never more.
export function refundedShare(
  granted: number,
  paid: number,
  refundedBefore: number,
  refundedNow: number,
): number {
  if (paid <= 0 || refundedNow <= refundedBefore) return 0;
  const shareOf = (refunded: number) => Math.round((granted * Math.min(refunded, paid)) / paid);
  return shareOf(refundedNow) - shareOf(refundedBefore);
}
