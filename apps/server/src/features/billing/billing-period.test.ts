import { describe, expect, it } from 'vitest';
import {
  nextPeriodEnd,
  periodEnd,
  periodGrant,
  refundedShare,
  upgradeTopUp,
} from './billing-period.ts';

const starter = {
  credits: 500,
  lead_search_credits: 50,
  interval: 'month',
  price: 4900,
  price_id: 'price_starter_month',
} as const;

describe('billing periods', () => {
  it("grants a month's credits per monthly period and twelve months' per yearly period", () => {
    expect(periodGrant(starter)).toEqual({ credits: 500, leadCredits: 50 });
    expect(periodGrant({ ...starter, interval: 'year' })).toEqual({
      credits: 6000,
      leadCredits: 600,
    });
  });

  it("keeps the anchor's day, clamped to the end of shorter months", () => {
    const anchor = new Date('2026-01-31T10:00:00Z');
    expect(periodEnd(anchor, 'month', 1)).toEqual(new Date('2026-02-28T10:00:00Z'));
    expect(periodEnd(anchor, 'month', 2)).toEqual(new Date('2026-03-31T10:00:00Z'));
    expect(periodEnd(anchor, 'year', 1)).toEqual(new Date('2027-01-31T10:00:00Z'));
    expect(nextPeriodEnd(anchor, 'month', new Date('2026-02-28T10:00:00Z'))).toEqual(
      new Date('2026-03-31T10:00:00Z'),
    );
    expect(nextPeriodEnd(anchor, 'year', new Date('2027-01-31T10:00:00Z'))).toEqual(
      new Date('2028-01-31T10:00:00Z'),
    );
  });
});

describe('refunded share', () => {
  it('takes back all of a full refund and half of a half refund', () => {
    expect(refundedShare(500, 4900, 0, 4900)).toBe(500);
    expect(refundedShare(500, 4900, 0, 2450)).toBe(250);
  });

  it('adds partial refunds up to the whole grant, never more', () => {
    const first = refundedShare(10, 300, 0, 100);
    const second = refundedShare(10, 300, 100, 200);
    const third = refundedShare(10, 300, 200, 300);
    expect(first + second + third).toBe(10);
    expect(refundedShare(10, 300, 300, 400)).toBe(0);
    expect(refundedShare(10, 300, 200, 200)).toBe(0);
    expect(refundedShare(10, 0, 0, 0)).toBe(0);
  });
});

describe('upgrade top-up', () => {
  const growth = { ...starter, credits: 2000, lead_search_credits: 200, price: 14900 };
  const period = (credits: number, leadCredits: number) =>
    ({ kind: 'period', credits, leadCredits }) as const;
  const upgrade = (credits: number, leadCredits: number) =>
    ({ kind: 'upgrade', credits, leadCredits }) as const;

  it("tops the current period up to the new plan's grant", () => {
    expect(upgradeTopUp(growth, [period(500, 50)])).toEqual({ credits: 1500, leadCredits: 150 });
    // Monthly to yearly: the month's grant counts towards the year's.
    expect(upgradeTopUp({ ...growth, interval: 'year' }, [period(2000, 200)])).toEqual({
      credits: 22000,
      leadCredits: 2200,
    });
  });

  it('counts only the current period: the one that starts with the last period grant', () => {
    expect(upgradeTopUp(growth, [period(500, 50), upgrade(1500, 150), period(500, 50)])).toEqual({
      credits: 1500,
      leadCredits: 150,
    });
  });

  it('grants nothing more to a period already on the plan: down and back up, or a downgrade', () => {
    expect(upgradeTopUp(growth, [period(500, 50), upgrade(1500, 150)])).toEqual({
      credits: 0,
      leadCredits: 0,
    });
    expect(upgradeTopUp(starter, [period(2000, 200)])).toEqual({ credits: 0, leadCredits: 0 });
  });
});
