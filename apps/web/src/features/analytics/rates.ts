import type { AnalyticsCounts } from '@mailhound/contracts';

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
// Complaint rates matter in tenths of a percent and below (the default limit is 0.3 %).
const finePercent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 2 });

// A rate of packages/contracts/src/analytics.ts (0..1) as the screens show it: 0.1234 → "12.3%".
export function formatRate(rate: number): string {
  return percent.format(rate);
}

// A complaint rate: 0.0035 → "0.35%".
export function formatComplaintRate(rate: number): string {
  return finePercent.format(rate);
}

// The contract's reply rate of one row of a table: replies over contacts reached, 0 for none.
export function replyRate(counts: Pick<AnalyticsCounts, 'replied' | 'contacted'>): number {
  return counts.contacted === 0 ? 0 : counts.replied / counts.contacted;
}

// The contract's complaint rate of one row: sends complained about over sends, 0 for none.
export function complaintRate(counts: Pick<AnalyticsCounts, 'complained' | 'sent'>): number {
  return counts.sent === 0 ? 0 : counts.complained / counts.sent;
}
