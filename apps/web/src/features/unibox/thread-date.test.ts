import { describe, expect, it } from 'vitest';
import { formatMessageDate, formatThreadDate } from './thread-date.ts';

const now = new Date('2026-03-10T12:00:00.000Z');

describe('thread dates', () => {
  it('reads relative within the last week', () => {
    expect(formatThreadDate('2026-03-10T11:59:30.000Z', now)).toBe('just now');
    expect(formatThreadDate('2026-03-10T11:55:00.000Z', now)).toBe('5 minutes ago');
    expect(formatThreadDate('2026-03-10T09:00:00.000Z', now)).toBe('3 hours ago');
    expect(formatThreadDate('2026-03-09T10:00:00.000Z', now)).toBe('yesterday');
    expect(formatThreadDate('2026-03-05T12:00:00.000Z', now)).toBe('5 days ago');
  });

  it('reads DD.MM.YYYY in UTC from a week on', () => {
    expect(formatThreadDate('2026-03-03T12:00:00.000Z', now)).toBe('03.03.2026');
    expect(formatThreadDate('2025-12-31T23:30:00.000Z', now)).toBe('31.12.2025');
  });

  it('gives a message its day and time in UTC', () => {
    expect(formatMessageDate('2026-03-02T09:05:00.000Z')).toBe('02.03.2026 09:05 UTC');
  });
});
