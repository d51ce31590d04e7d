import { describe, expect, it } from 'vitest';
import { issuesOf } from './issues.test-kit.ts';
import {
  creditsPurchaseSchema,
  creditsTotalDollars,
  digitsOnly,
  isBlockedNumberKey,
  stepCredits,
} from './purchase.ts';

describe('digitsOnly (product-spec §5)', () => {
  it('strips non-digits and returns an integer', () => {
    expect(digitsOnly('1a2b3')).toBe(123);
    expect(digitsOnly('1,000')).toBe(1000);
    expect(digitsOnly(' 42 ')).toBe(42);
  });

  it('strips leading zeros', () => {
    expect(digitsOnly('007')).toBe(7);
    expect(digitsOnly('0100')).toBe(100);
  });

  it('gives an empty string when nothing is left', () => {
    expect(digitsOnly('')).toBe('');
    expect(digitsOnly('abc')).toBe('');
    expect(digitsOnly('000')).toBe('');
  });

  it('keeps a lone zero only when allowed', () => {
    expect(digitsOnly('0', { allowZero: true })).toBe(0);
    expect(digitsOnly('000', { allowZero: true })).toBe(0);
    expect(digitsOnly('0')).toBe('');
  });

  it('cuts to the max length after stripping zeros', () => {
    expect(digitsOnly('123456', { maxLength: 4 })).toBe(1234);
    expect(digitsOnly('0012345', { maxLength: 4 })).toBe(1234);
  });

  it('accepts a number', () => {
    expect(digitsOnly(250)).toBe(250);
  });
});

describe('isBlockedNumberKey', () => {
  it.each(['e', 'E', '.', '-', '+', ','])('blocks %j', (key) => {
    expect(isBlockedNumberKey(key)).toBe(true);
  });

  it.each(['0', '9', 'Backspace', 'ArrowLeft', 'Tab'])('lets %j through', (key) => {
    expect(isBlockedNumberKey(key)).toBe(false);
  });
});

describe('credits purchase', () => {
  it.each([10, 20, 9_999_999])('accepts %i', (credits) => {
    expect(creditsPurchaseSchema.parse({ credits })).toEqual({ credits });
  });

  it.each([9, 0, ''])('refuses %j with the minimum message', (credits) => {
    expect(issuesOf(creditsPurchaseSchema, { credits })).toEqual({
      credits: ['Minimum value is 10'],
    });
  });

  it('refuses more than 9,999,999', () => {
    expect(issuesOf(creditsPurchaseSchema, { credits: 10_000_000 })).toEqual({
      credits: ['Maximum value is 9,999,999'],
    });
  });

  it('plus and minus move by 10, never below 10', () => {
    expect(stepCredits(10, 1)).toBe(20);
    expect(stepCredits(20, -1)).toBe(10);
    expect(stepCredits(10, -1)).toBe(10);
    expect(stepCredits('', 1)).toBe(20);
    expect(stepCredits(9_999_999, 1)).toBe(9_999_999);
  });

  it('totals credits × price per credit in cents, in dollars', () => {
    expect(creditsTotalDollars(10, 15)).toBe(1.5);
    expect(creditsTotalDollars(1000, 7)).toBe(70);
    expect(creditsTotalDollars(9_999_999, 100)).toBe(9_999_999);
  });
});
