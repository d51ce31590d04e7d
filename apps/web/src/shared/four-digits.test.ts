import { describe, expect, it } from 'vitest';
import { toFourDigits } from './four-digits.ts';

describe('settings numbers (product-spec §5: at most 4 digits, leading zeros stripped)', () => {
  it('keeps digits only, at most four', () => {
    expect(toFourDigits('12a3-4')).toBe('1234');
    expect(toFourDigits('123456')).toBe('1234');
    expect(toFourDigits('1e5')).toBe('15');
  });

  it('strips leading zeros but keeps a lone 0', () => {
    expect(toFourDigits('0042')).toBe('42');
    expect(toFourDigits('00000')).toBe('0');
    expect(toFourDigits('')).toBe('');
  });
});
