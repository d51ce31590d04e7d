import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_DAYS,
  analyticsMessages,
} from '@mailhound/contracts';
import { badRequest } from '../../platform/errors.ts';

const DAY_MS = 86_400_000;

// Two UTC days (YYYY-MM-DD), both inclusive.
export type DayRange = { from: string; to: string };

function dayOf(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

// The regex lets 2026-02-30 through; a real day reads back the same.
function timeOf(day: string): number {
  const time = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time) || dayOf(time) !== day) throw badRequest(analyticsMessages.invalidDay);
  return time;
}

// api-spec §7 "Campaigns and mail" leaves the analytics query to us: by default the last 30
// days up to today (UTC); a missing end is today, a missing start is 29 days before the end.
export function resolveRange(query: { from?: string; to?: string }, now: Date): DayRange {
  const to =
    query.to === undefined ? Date.parse(`${dayOf(now.getTime())}T00:00:00Z`) : timeOf(query.to);
  const from =
    query.from === undefined ? to - (ANALYTICS_DEFAULT_DAYS - 1) * DAY_MS : timeOf(query.from);
  if (from > to) throw badRequest(analyticsMessages.startAfterEnd);
  if ((to - from) / DAY_MS + 1 > ANALYTICS_MAX_DAYS)
    throw badRequest(analyticsMessages.rangeTooLong);
  return { from: dayOf(from), to: dayOf(to) };
}
