import { describe, expect, it } from 'vitest';
import { formatUtcDate } from './utc-date.ts';

describe('list dates (api-spec §9: DD.MM.YYYY in UTC)', () => {
  it('formats the UTC day, whatever the local time zone', () => {
    expect(formatUtcDate('2026-03-07T23:30:00.000Z')).toBe('07.03.2026');
    expect(formatUtcDate('2026-12-31T23:59:00.000Z')).toBe('31.12.2026');
    expect(formatUtcDate('2026-12-31T00:00:00+02:00')).toBe('30.12.2026');
    expect(formatUtcDate('2026-01-01T00:30:00+02:00')).toBe('31.12.2025');
  });

  it('shows nothing for an unreadable date', () => {
    expect(formatUtcDate('soon')).toBe('');
  });
});
