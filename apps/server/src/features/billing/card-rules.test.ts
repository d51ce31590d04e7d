import { describe, expect, it } from 'vitest';
import { cardBrand, hasExpired, passesLuhn } from './card-rules.ts';

describe('local provider test cards', () => {
  it('accepts numbers that pass Luhn and refuses the others', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('5555555555554444')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('1234')).toBe(false);
  });

  it('names the brand from the number', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
  });

  it('a card is valid through the last day of its expiry month', () => {
    expect(hasExpired('03/26', new Date('2026-03-31T23:59:59Z'))).toBe(false);
    expect(hasExpired('03/26', new Date('2026-04-01T00:00:00Z'))).toBe(true);
    expect(hasExpired('12/30', new Date('2026-04-01T00:00:00Z'))).toBe(false);
  });
});
