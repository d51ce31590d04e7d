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

// The plans list (api-spec §7 "Billing") carries each plan's id beside the fields above.
export const planListItemSchema = planSchema.extend({ id: z.number().int() });
export type PlanListItem = z.infer<typeof planListItemSchema>;
export const planListAnswerSchema = z.array(planListItemSchema);

// The Stripe Checkout return page puts the session id where this placeholder stands.
export const CHECKOUT_SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

export const checkoutStatusSchema = z.enum(['open', 'complete', 'expired']);
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;

export const checkoutCreatedAnswerSchema = checkoutCreateAnswerSchema.extend({
  sessionId: z.string(),
});
export type CheckoutCreatedAnswer = z.infer<typeof checkoutCreatedAnswerSchema>;

export const checkoutConfigAnswerSchema = z.object({
  provider: z.enum(['local', 'stripe']),
  publishableKey: z.string().optional(),
});
export type CheckoutConfigAnswer = z.infer<typeof checkoutConfigAnswerSchema>;

// product-spec §2 Billing: card details show type, brand, last four, e-mail and bank name.
export const cardAnswerSchema = z
  .object({
    type: z.enum(['card', 'link', 'us_bank']),
    brand: z.string().nullable(),
    last4: z.string().nullable(),
    email: z.string().nullable(),
    bank_name: z.string().nullable(),
  })
  .nullable();
export type CardAnswer = z.infer<typeof cardAnswerSchema>;

export const paymentMessages = {
  cardDeclined: 'Your card was declined.',
  cardNumberInvalid: 'Your card number is invalid.',
  expiryInvalid: 'The expiry date must be MM/YY.',
  cardExpired: 'Your card has expired.',
  cvcInvalid: 'The security code must be 3 or 4 digits.',
  nameRequired: 'The name on the card is required.',
  bonusAlreadyReceived: 'Bonus already received',
} as const;

// The local provider's card form (offline payments with the test cards of the server's
// billing/card-rules.ts).
export const localCardSchema = z
  .object({
    cardNumber: z
      .string()
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, paymentMessages.cardNumberInvalid)),
    expiry: z
      .string()
      .trim()
      .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, paymentMessages.expiryInvalid),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, paymentMessages.cvcInvalid),
    name: z.string().trim().min(1, paymentMessages.nameRequired).max(100),
  })
  .strict();
export type LocalCardPayload = z.input<typeof localCardSchema>;
export type LocalCard = z.output<typeof localCardSchema>;

export const localConfirmSchema = localCardSchema
  .extend({ clientSecret: z.string().min(1) })
  .strict();
export type LocalConfirmPayload = z.input<typeof localConfirmSchema>;
export type LocalConfirm = z.output<typeof localConfirmSchema>;

export const localConfirmAnswerSchema = z.object({
  status: z.literal('complete'),
  returnUrl: z.string(),
});
export type LocalConfirmAnswer = z.infer<typeof localConfirmAnswerSchema>;

const usageSchema = z.object({ used: z.number().int(), granted: z.number().int() });

// Settings › Billing: the plan, when its period ends and what the period has used (charges in
// the ledger since the period began, against what the period granted).
export const subscriptionAnswerSchema = z.object({
  plan: z.string(),
  interval: z.enum(['month', 'year']),
  // null on the Free plan, which renews by the calendar month without a subscription.
  status: z.enum(['active']).nullable(),
  // The renewal (or the Free plan's monthly reset); null while the provider has not said.
  currentPeriodEnd: z.iso.datetime().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  usage: z.object({ credits: usageSchema, leadSearches: usageSchema }),
});
export type SubscriptionAnswer = z.infer<typeof subscriptionAnswerSchema>;
