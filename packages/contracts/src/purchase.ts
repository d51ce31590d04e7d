import { z } from 'zod';
import { CREDITS_PURCHASE } from './constants.ts';
import { validationMessages as m } from './messages.ts';

export type DigitsOnlyOptions = { maxLength?: number; allowZero?: boolean };

// product-spec §5 digit-only helper: strips non-digits and leading zeros (a lone 0 survives only
// when allowed), cuts to maxLength, and gives an integer, or '' when nothing is left.
export function digitsOnly(
  value: string | number,
  { maxLength, allowZero = false }: DigitsOnlyOptions = {},
): number | '' {
  const digits = String(value).replace(/\D/g, '');
  let kept = digits.replace(/^0+/, '');
  if (kept === '' && digits !== '' && allowZero) kept = '0';
  if (maxLength !== undefined) kept = kept.slice(0, maxLength);
  return kept === '' ? '' : Number(kept);
}

// product-spec §5: number fields refuse e, ., -, + and , (a number input would accept them).
const blockedNumberKeys = new Set(['e', 'E', '.', '-', '+', ',']);

export function isBlockedNumberKey(key: string): boolean {
  return blockedNumberKeys.has(key);
}

export const creditsAmountSchema = z
  .number({ error: m.creditsMin })
  .int(m.creditsWhole)
  .min(CREDITS_PURCHASE.min, m.creditsMin)
  .max(CREDITS_PURCHASE.max, m.creditsMax);

// The Extra credits form. The field holds '' while the input is empty, which reads as below the minimum.
export const creditsPurchaseSchema = z.object({
  credits: z.union([z.literal(''), z.number()]).pipe(creditsAmountSchema),
});
export type CreditsPurchaseForm = z.input<typeof creditsPurchaseSchema>;

// api-spec §9: total = credits × price per credit (cents, from the Extra credits plan) / 100.
export function creditsTotalDollars(credits: number, pricePerCreditCents: number): number {
  return (credits * pricePerCreditCents) / 100;
}

// Plus and minus move by the step; minus never goes below the minimum (product-spec §5).
export function stepCredits(credits: number | '', direction: 1 | -1): number {
  const current = credits === '' ? CREDITS_PURCHASE.min : credits;
  const next = current + direction * CREDITS_PURCHASE.step;
  return Math.min(CREDITS_PURCHASE.max, Math.max(CREDITS_PURCHASE.min, next));
}
