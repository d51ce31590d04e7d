import type { AnalyticsCounts, CampaignAnalytics, OverallAnalytics } from '@mailhound/contracts';

// Test support: analytics answers shaped by packages/contracts/src/analytics.ts.

export const zeroCounts: AnalyticsCounts = {
  sent: 0,
  delivered: 0,
  bounced: 0,
  contacted: 0,
  replied: 0,
  unsubscribed: 0,
  clicked: 0,
  complained: 0,
};

const zeroRates = { delivery: 0, bounce: 0, reply: 0, unsubscribe: 0, click: 0, complaint: 0 };

function daysOf(from: string, to: string) {
  const days: OverallAnalytics['per_day'] = [];
  for (
    let day = new Date(`${from}T00:00:00Z`);
    day <= new Date(`${to}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 1)
  ) {
    days.push({ date: day.toISOString().slice(0, 10), ...zeroCounts });
  }
  return days;
}

export function makeOverall(overrides: Partial<OverallAnalytics> = {}): OverallAnalytics {
  const from = overrides.from ?? '2030-04-21';
  const to = overrides.to ?? '2030-05-20';
  return {
    from,
    to,
    totals: zeroCounts,
    rates: zeroRates,
    per_day: daysOf(from, to),
    per_campaign: [],
    ...overrides,
  };
}

export function makeCampaignAnalytics(
  overrides: Partial<CampaignAnalytics> = {},
): CampaignAnalytics {
  const from = overrides.from ?? '2030-04-21';
  const to = overrides.to ?? '2030-05-20';
  return {
    from,
    to,
    campaign: { id: 'camp-1', name: 'Spring launch', status: 'active' },
    totals: zeroCounts,
    rates: zeroRates,
    per_day: daysOf(from, to),
    per_step: [],
    ...overrides,
  };
}
