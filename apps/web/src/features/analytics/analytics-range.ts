import { ANALYTICS_MAX_DAYS, analyticsMessages } from '@mailhound/contracts';

export type AnalyticsPreset = '7' | '30' | '90' | 'custom';
// Both ends are UTC days (YYYY-MM-DD), inclusive, as packages/contracts/src/analytics.ts
// counts them.
export type AnalyticsRange = { from: string; to: string };

const DAY_MS = 86_400_000;

export const presetLabels: Record<AnalyticsPreset, string> = {
  '7': 'Last 7 days',
  '30': 'Last 30 days',
  '90': 'Last 90 days',
  custom: 'Custom',
};

function dayOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

// The last `days` days up to today (UTC), today included.
export function lastDays(days: number, now: Date): AnalyticsRange {
  const today = Date.parse(`${dayOf(now.getTime())}T00:00:00Z`);
  return { from: dayOf(today - (days - 1) * DAY_MS), to: dayOf(today) };
}

function timeOf(day: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) || dayOf(time) !== day ? null : time;
}

// What is wrong with a custom range, in the server's words, or null when it can be asked.
export function rangeProblem(range: AnalyticsRange): string | null {
  const from = timeOf(range.from);
  const to = timeOf(range.to);
  if (from === null || to === null) return 'Pick a start and an end date.';
  if (from > to) return analyticsMessages.startAfterEnd;
  if ((to - from) / DAY_MS + 1 > ANALYTICS_MAX_DAYS) return analyticsMessages.rangeTooLong;
  return null;
}
