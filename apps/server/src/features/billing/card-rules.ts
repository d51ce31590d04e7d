// The local provider's card rules, after Stripe's test cards: 4242 4242 4242 4242 pays,
// 4000 0000 0000 0002 is declined, 4000 0000 0000 0341 can be saved but every charge on it is
// declined (a renewal that fails), any other number that passes Luhn pays.
export const declinedCardNumber = '4000000000000002';
export const chargeDeclinedCardNumber = '4000000000000341';

export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^35(2[89]|[3-8]\d)/.test(digits)) return 'jcb';
  if (/^3(0[0-5]|[68])/.test(digits)) return 'diners';
  return 'unknown';
}

// 'MM/YY' is valid through the last day of that month (UTC).
export function hasExpired(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
  if (!month || year === undefined) return true;
  const firstDayAfter = Date.UTC(2000 + year, month, 1);
  return now.getTime() >= firstDayAfter;
}
