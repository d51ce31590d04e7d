import { describe, expect, it } from 'vitest';
import { formatListDate } from './list-date.ts';

describe('creation dates (api-spec §9: DD.MM.YYYY in UTC)', () => {
  it('formats the UTC day, whatever the local time zone', () => {
    expect(formatListDate('2026-03-07T23:30:00.000Z')).toBe('07.03.2026');
    expect(formatListDate('2026-12-31T00:00:00+02:00')).toBe('30.12.2026');
  });
});
