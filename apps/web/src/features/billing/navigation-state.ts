import { z } from 'zod';

// /checkout needs the session's client secret in navigation state (product-spec §2 "Checkout");
// the chosen price and quantity come along so the page can show the order before Pay.
const checkoutStateSchema = z.object({
  clientSecret: z.string().min(1),
  priceId: z.string().optional(),
  quantity: z.number().int().positive().optional(),
});
export type CheckoutState = z.infer<typeof checkoutStateSchema>;

export function readCheckoutState(state: unknown): CheckoutState | null {
  const parsed = checkoutStateSchema.safeParse(state);
  return parsed.success ? parsed.data : null;
}

// Checkout return flags the success for the invoices page (product-spec §2 "Checkout return").
const checkoutSuccessSchema = z.object({ checkoutSuccess: z.literal(true) });
export type CheckoutSuccessState = z.infer<typeof checkoutSuccessSchema>;
export const checkoutSuccessState: CheckoutSuccessState = { checkoutSuccess: true };

export function isCheckoutSuccess(state: unknown): boolean {
  return checkoutSuccessSchema.safeParse(state).success;
}
