// Every date the app shows goes through one of these, named for its kind, all in UTC so that
// two users (or a user and the server) read the same day.

function readable(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (value: number) => String(value).padStart(2, '0');

// A day in lists and campaigns: DD.MM.YYYY (api-spec §9).
export function formatDay(iso: string): string {
  const date = readable(iso);
  if (!date) return '';
  return `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;
}

// A moment in histories and in the Unibox thread: DD.MM.YYYY HH:MM UTC.
export function formatDateTime(iso: string): string {
  const date = readable(iso);
  if (!date) return '';
  return `${formatDay(iso)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

function usFormat(options: Intl.DateTimeFormatOptions): (iso: string) => string {
  const format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
  return (iso) => {
    const date = readable(iso);
    return date ? format.format(date) : '';
  };
}

// Money matters read as a long US date: 'March 7, 2026' (product-spec §2 "Invoices").
export const formatLongDate = usFormat({ year: 'numeric', month: 'long', day: 'numeric' });

// A chart axis's day, short for the space: 'Mar 7'.
export const formatChartDay = usFormat({ month: 'short', day: 'numeric' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const RELATIVE_DAYS = 7;

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

// A thread's date in the Unibox list: relative within the last week ("5 minutes ago",
// "yesterday"), otherwise the day as every list shows it.
export function formatInboxDate(iso: string, now: Date): string {
  const date = readable(iso);
  if (!date) return '';
  const age = now.getTime() - date.getTime();
  if (age < 0 || age >= RELATIVE_DAYS * DAY) return formatDay(iso);
  if (age < MINUTE) return 'just now';
  if (age < HOUR) return relative.format(-Math.floor(age / MINUTE), 'minute');
  if (age < DAY) return relative.format(-Math.floor(age / HOUR), 'hour');
  return relative.format(-Math.floor(age / DAY), 'day');
}
