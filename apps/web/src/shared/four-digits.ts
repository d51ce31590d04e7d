import { SETTINGS_NUMBER_MAX_DIGITS } from '@mailhound/contracts';

// product-spec §5 "Settings form numbers" and the digit-only helper: non-digits dropped,
// leading zeros stripped (a lone 0 kept), at most 4 digits.
export function toFourDigits(text: string): string {
  return text
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '')
    .slice(0, SETTINGS_NUMBER_MAX_DIGITS);
}
