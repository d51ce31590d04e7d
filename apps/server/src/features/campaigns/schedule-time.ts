import { type Schedule, WEEK_DAYS, type WeekDay } from '@mailhound/contracts';

export type LocalMoment = { date: string; time: string; day: WeekDay };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

// The wall-clock date, time and weekday of an instant in a timezone ("YYYY-MM-DD", "HH:MM").
export function localMoment(at: Date, timeZone: string): LocalMoment {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(at)) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    day: (parts.weekday ?? '').toUpperCase() as WeekDay,
  };
}

// Milliseconds the timezone's wall clock is ahead of UTC at an instant.
function offsetAt(at: number, timeZone: string): number {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(at))) {
    parts[part.type] = part.value;
  }
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - (at - (at % 1000));
}

// The instant a wall-clock date and time happen in a timezone. A time skipped by a DST jump
// lands just after the jump.
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const wall = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1, hour ?? 0, minute ?? 0);
  const first = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(first, timeZone));
}

// The calendar day before a "YYYY-MM-DD" date, with its weekday (WEEK_DAYS starts on Monday).
function dayBefore(date: string): { date: string; day: WeekDay } {
  const [year, month, day] = date.split('-').map(Number);
  const before = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) - 1));
  return {
    date: before.toISOString().slice(0, 10),
    day: WEEK_DAYS[(before.getUTCDay() + 6) % 7] ?? 'SUN',
  };
}

// Inside the schedule: one of its days, between its dates and its times, all in its timezone.
// An end time not after the start time is a window across midnight, as the schedule form shows
// it ('17:00 → 09:00 next day'): its hours after midnight belong to the day it began, so a
// Friday evening window runs into Saturday morning and no window begins on an unchosen day.
export function inScheduleWindow(schedule: Schedule, at: Date): boolean {
  const local = localMoment(at, schedule.timezone);
  const { start_time: start, end_time: end } = schedule;
  let began: { date: string; day: WeekDay } = local;
  if (start < end) {
    if (local.time < start || local.time >= end) return false;
  } else if (local.time < end) {
    began = dayBefore(local.date);
  } else if (local.time < start) {
    return false;
  }
  if (!schedule.days.includes(began.day)) return false;
  if (began.date < schedule.start_date) return false;
  return !schedule.end_date || began.date <= schedule.end_date;
}

// product-spec §5: a campaign has ended when its first schedule's end date and time have passed.
export function hasEnded(schedules: Schedule[], at: Date): boolean {
  const first = schedules[0];
  if (!first?.end_date) return false;
  return zonedInstant(first.end_date, first.end_time, first.timezone).getTime() <= at.getTime();
}
