import { describe, expect, it } from 'vitest';
import { plans } from './billing.test-kit.ts';
import {
  planAction,
  planActionLabels,
  planEmailsText,
  planPriceText,
  planSearchesText,
} from './plan-text.ts';

const [free, starter, starterYearly, growth] = plans as [
  (typeof plans)[0],
  (typeof plans)[0],
  (typeof plans)[0],
  (typeof plans)[0],
];

describe('plan card texts (product-spec §2 "Purchase")', () => {
  it('gives the fully verified emails per interval', () => {
    expect(planEmailsText(free)).toBe('25 fully verified emails per month');
    expect(planEmailsText(growth)).toBe('2,000 fully verified emails per month');
    // A year of Starter's 500 a month, granted with the yearly payment.
    expect(planEmailsText(starterYearly)).toBe('6,000 fully verified emails per year');
  });

  it('adds /Look-Alike to the lead finder searches of paid plans only', () => {
    expect(planSearchesText(free)).toBe('10 searches with Lead Finder');
    expect(planSearchesText(starter)).toBe('50 searches with Lead Finder/Look-Alike');
  });

  it("counts a yearly plan's lead searches for the year, as its e-mails", () => {
    expect(planSearchesText(starterYearly)).toBe(
      '600 searches with Lead Finder/Look-Alike per year',
    );
  });

  it('prices paid plans in dollars per interval and the default plan as FREE Forever', () => {
    expect(planPriceText(free)).toBe('FREE Forever');
    expect(planPriceText(starter)).toBe('$49/month');
    expect(planPriceText(starterYearly)).toBe('$470/year');
    expect(planPriceText({ ...growth, rules: { ...growth.rules, price: 14950 } })).toBe(
      '$149.50/month',
    );
  });

  it('labels the button Sign Up, Current Plan or Choose Plan', () => {
    expect(planActionLabels[planAction(free, null)]).toBe('Sign Up');
    expect(planActionLabels[planAction(starter, 'Starter')]).toBe('Current Plan');
    expect(planActionLabels[planAction(growth, 'Starter')]).toBe('Choose Plan');
    expect(planActionLabels[planAction(growth, null)]).toBe('Choose Plan');
  });
});
