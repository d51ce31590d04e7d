import { describe, expect, it } from 'vitest';
import { moneyText, revenueText } from './revenue-text.ts';

describe('estimated revenue (product-spec §2 Company page)', () => {
  it('shows the two numbers of the answer as a dollar range', () => {
    expect(revenueText('10000000,50000000')).toBe('$10M – $50M');
    expect(revenueText('0,1000000')).toBe('$0 – $1M');
    expect(revenueText('500000000,1000000000')).toBe('$500M – $1B');
  });

  it('keeps one decimal where the amount needs it', () => {
    expect(moneyText(2_500_000)).toBe('$2.5M');
    expect(moneyText(750_000)).toBe('$750K');
    expect(moneyText(999)).toBe('$999');
  });

  it('has nothing to show for a missing or malformed revenue', () => {
    expect(revenueText(null)).toBeNull();
    expect(revenueText('about 10M')).toBeNull();
    expect(revenueText('50,10')).toBeNull();
  });
});
