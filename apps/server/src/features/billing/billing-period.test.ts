import { describe, expect, it } from 'vitest';
import { nextPeriodEnd, periodEnd, periodGrant, refundedShare } from './billing-period.ts';

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
