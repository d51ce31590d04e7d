import { z } from 'zod';
import { emailSchema } from './auth.ts';

export const EXTRA_CREDITS_PLAN = 'Extra credits';

// product-spec §3 Plan. The Extra credits plan's price is per credit.
export const planSchema = z.object({
  name: z.string(),
  is_default: z.boolean(),
  rules: z.object({
    credits: z.number().int().nonnegative(),
    lead_search_credits: z.number().int().nonnegative(),
    interval: z.string().nullable(),
    price: z.number().int().nonnegative(),
    price_id: z.string().nullable(),
  }),
});
export type Plan = z.infer<typeof planSchema>;

export const plansAnswerSchema = z.array(planSchema);

// api-spec §3 Checkout create: priceId, returnUrl and quantity (default 1).
export const checkoutCreateSchema = z
  .object({
    priceId: z.string().min(1),
    returnUrl: z.url({ protocol: /^https?$/ }),
    quantity: z.number().int().min(1).default(1),
  })
  .strict();
export type CheckoutCreatePayload = z.output<typeof checkoutCreateSchema>;

export const checkoutCreateAnswerSchema = z.object({ client_secret: z.string() });
export type CheckoutCreateAnswer = z.infer<typeof checkoutCreateAnswerSchema>;

export const checkoutSessionAnswerSchema = z.object({ status: z.string() });
export type CheckoutSessionAnswer = z.infer<typeof checkoutSessionAnswerSchema>;

export const customerPortalSchema = z
  .object({
    returnUrl: z.url({ protocol: /^https?$/ }),
    redirectUrl: z.string().optional(),
  })
  .strict();
export type CustomerPortalPayload = z.infer<typeof customerPortalSchema>;

export const urlAnswerSchema = z.object({ url: z.string() });

// product-spec §3 Receipt: date as 'YYYY-MM-DD HH-MM-SS' (see formatReceiptDate), amount in cents.
export const receiptSchema = z.object({
  id: z.string(),
  receipt_number: z.string().nullable(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}-\d{2}-\d{2}$/),
  amount: z.number().int(),
  status: z.string(),
  receipt_url: z.string().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const sendInvoiceSchema = z
  .object({
    email: emailSchema,
    receipts: z.array(receiptSchema).min(1),
  })
  .strict();
export type SendInvoicePayload = z.infer<typeof sendInvoiceSchema>;

// One-time bonus credits (GET /affiliates/one-time-reward).
export const bonusAnswerSchema = z.object({ amount: z.number().int().nonnegative() });
export type BonusAnswer = z.infer<typeof bonusAnswerSchema>;

// Invoices show amounts in dollars from cents (product-spec §2).
export function centsToDollars(cents: number): string {
  return (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}
