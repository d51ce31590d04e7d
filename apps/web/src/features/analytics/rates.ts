import type { AnalyticsCounts } from '@mailhound/contracts';

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

// A rate of packages/contracts/src/analytics.ts (0..1) as the screens show it: 0.1234 → "12.3%".
export function formatRate(rate: number): string {
  return percent.format(rate);
}

// The contract's reply rate of one row of a table: replies over contacts reached, 0 for none.
export function replyRate(counts: Pick<AnalyticsCounts, 'replied' | 'contacted'>): number {
  return counts.contacted === 0 ? 0 : counts.replied / counts.contacted;
}
