import { formatUtcDate } from '../../shared/ui/utc-date.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const RELATIVE_DAYS = 7;

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

// A thread's date in the list: relative within the last week ("5 minutes ago", "yesterday"),
// otherwise DD.MM.YYYY in UTC like every other list date (api-spec §9).
export function formatThreadDate(iso: string, now: Date): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const age = now.getTime() - date.getTime();
  if (age < 0 || age >= RELATIVE_DAYS * DAY) return formatUtcDate(iso);
  if (age < MINUTE) return 'just now';
  if (age < HOUR) return relative.format(-Math.floor(age / MINUTE), 'minute');
  if (age < DAY) return relative.format(-Math.floor(age / HOUR), 'hour');
  return relative.format(-Math.floor(age / DAY), 'day');
}

// A message's date in the thread: DD.MM.YYYY HH:MM in UTC.
export function formatMessageDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const hours = String(date.getUTCHours()).padStart(2, '0');
  const minutes = String(date.getUTCMinutes()).padStart(2, '0');
  return `${formatUtcDate(iso)} ${hours}:${minutes} UTC`;
}
