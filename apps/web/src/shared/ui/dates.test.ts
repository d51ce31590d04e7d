import { describe, expect, it } from 'vitest';
import {
  formatChartDay,
  formatDateTime,
  formatDay,
  formatInboxDate,
  formatLongDate,
} from './dates.ts';

describe('list and campaign days (api-spec §9: DD.MM.YYYY in UTC)', () => {
  it('formats the UTC day, whatever the local time zone', () => {
    expect(formatDay('2026-03-07T23:30:00.000Z')).toBe('07.03.2026');
    expect(formatDay('2026-12-31T23:59:00.000Z')).toBe('31.12.2026');
    expect(formatDay('2026-12-31T00:00:00+02:00')).toBe('30.12.2026');
    expect(formatDay('2026-01-01T00:30:00+02:00')).toBe('31.12.2025');
  });
});

describe('history and Unibox moments', () => {
  it('reads DD.MM.YYYY HH:MM UTC', () => {
    expect(formatDateTime('2026-03-07T23:30:00.000Z')).toBe('07.03.2026 23:30 UTC');
    expect(formatDateTime('2026-01-01T00:30:00+02:00')).toBe('31.12.2025 22:30 UTC');
  });
});

describe('Unibox thread dates', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');

  it('reads relative within the last week', () => {
    expect(formatInboxDate('2026-03-10T11:59:30.000Z', now)).toBe('just now');
    expect(formatInboxDate('2026-03-10T11:55:00.000Z', now)).toBe('5 minutes ago');
    expect(formatInboxDate('2026-03-10T09:00:00.000Z', now)).toBe('3 hours ago');
    expect(formatInboxDate('2026-03-09T10:00:00.000Z', now)).toBe('yesterday');
    expect(formatInboxDate('2026-03-05T12:00:00.000Z', now)).toBe('5 days ago');
  });

  it('reads DD.MM.YYYY in UTC from a week on', () => {
    expect(formatInboxDate('2026-03-03T12:00:00.000Z', now)).toBe('03.03.2026');
    expect(formatInboxDate('2025-12-31T23:30:00.000Z', now)).toBe('31.12.2025');
  });
});

describe('long dates (receipts, renewals)', () => {
  it('reads as a long US date of the UTC day', () => {
    expect(formatLongDate('2026-03-07T23:30:00.000Z')).toBe('March 7, 2026');
    expect(formatLongDate('2027-01-01T00:30:00+02:00')).toBe('December 31, 2026');
  });
});

describe('chart days', () => {
  it('reads as a short month and day of the UTC day', () => {
    expect(formatChartDay('2026-03-07T00:00:00Z')).toBe('Mar 7');
  });
});

describe('an unreadable date', () => {
  it('shows nothing, whatever its kind', () => {
    for (const format of [formatDay, formatDateTime, formatLongDate, formatChartDay]) {
      expect(format('soon')).toBe('');
    }
    expect(formatInboxDate('soon', new Date())).toBe('');
  });
});
