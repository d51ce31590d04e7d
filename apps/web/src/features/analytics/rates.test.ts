import { describe, expect, it } from 'vitest';
import { formatRate, replyRate } from './rates.ts';

describe('rates', () => {
  it('shows rates as percentages with at most one decimal', () => {
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(1)).toBe('100%');
    expect(formatRate(30 / 34)).toBe('88.2%');
  });

  it('counts a reply rate over the contacts reached, 0 when none was', () => {
    expect(replyRate({ replied: 4, contacted: 16 })).toBe(0.25);
    expect(replyRate({ replied: 0, contacted: 0 })).toBe(0);
  });
});
