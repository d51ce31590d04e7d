// Read from the environment in config.ts (PLANS_FILE, BONUS_CREDITS, STRIPE_*).
export type StripeConfig = {
  secretKey: string;
  publishableKey: string | undefined;
  webhookSecret: string | undefined;
  // https://api.stripe.com, or stripe-mock / a local fake in tests.
  apiUrl: string;
};

export type BillingConfig = {
  plansFile: string | undefined;
  bonusCredits: number;
  // Unset: the offline local provider takes payments with test cards.
  stripe: StripeConfig | undefined;
};
