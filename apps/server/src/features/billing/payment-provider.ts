import type { CheckoutStatus } from '@mailhound/contracts';
import type { CheckoutMode, PaymentProviderName, SavedCard } from './schema.ts';

export type CheckoutRequest = {
  userId: string;
  email: string;
  // The provider's customer, when one exists already (Stripe).
  customerId: string | undefined;
  mode: CheckoutMode;
  priceId: string;
  quantity: number;
  // Cents, as our plan says; the provider's own price decides what Stripe charges.
  amount: number;
  // Holds {CHECKOUT_SESSION_ID}, which the provider fills in.
  returnUrl: string;
  description: string;
};

export type CreatedCheckout = {
  sessionId: string;
  clientSecret: string;
  customerId: string | undefined;
};

// What the provider says about a session: only a completed and paid session is fulfilled.
export type ProviderSession = {
  status: CheckoutStatus;
  paid: boolean;
  // The id the receipt is keyed by: invoice (subscriptions), payment intent, or the session.
  paymentId: string | null;
  subscriptionId: string | null;
  amount: number | null;
};

// Webhook events, reduced to what billing acts on.
export type PaymentEvent = { id: string; type: string } & (
  | {
      kind: 'checkout_completed';
      sessionId: string;
      paid: boolean;
      paymentId: string | null;
      subscriptionId: string | null;
      amount: number | null;
    }
  | { kind: 'checkout_failed'; sessionId: string; paymentId: string | null; amount: number | null }
  | {
      kind: 'invoice_paid' | 'invoice_failed';
      invoiceId: string;
      subscriptionId: string | null;
      amount: number;
      // Stripe's billing_reason: only a subscription's first or renewal invoice pays a period.
      billingReason: string | null;
      // The end of the period the invoice pays for.
      periodEnd: Date | null;
      // The price the invoice charges for (its largest line): a plan change's invoice names the
      // new plan even when it is delivered before the subscription's update.
      priceId: string | null;
    }
  | { kind: 'subscription_ended'; subscriptionId: string }
  | {
      // The subscription changed at the provider (the customer portal): plan, scheduled
      // cancellation, or payment standing. An ended subscription is 'subscription_ended'.
      kind: 'subscription_updated';
      subscriptionId: string;
      // The price the subscription is billed at now.
      priceId: string | null;
      // When the provider made this state: an older one delivered later is stale.
      stateAt: Date;
    }
  | {
      kind: 'payment_refunded';
      // Every id a receipt may be keyed by: the payment intent, and the invoice it paid.
      paymentIds: string[];
      // Cents charged, and refunded so far in all (a charge is refunded in one or more parts).
      amount: number;
      amountRefunded: number;
      fullyRefunded: boolean;
    }
  | { kind: 'ignored' }
);

export class WebhookSignatureError extends Error {}

export type PaymentProvider = {
  name: PaymentProviderName;
  publishableKey: string | undefined;
  createCheckoutSession: (request: CheckoutRequest) => Promise<CreatedCheckout>;
  getSessionStatus: (sessionId: string) => Promise<ProviderSession>;
  // Makes an open session unpayable (a plan bought meanwhile in another session).
  expireCheckoutSession: (sessionId: string) => Promise<void>;
  createPortalSession: (request: {
    customerId: string | undefined;
    returnUrl: string;
  }) => Promise<{ url: string }>;
  cancelSubscription: (subscriptionId: string) => Promise<void>;
  getCard: (request: {
    userId: string;
    customerId: string | undefined;
  }) => Promise<SavedCard | null>;
  // Verifies the signature of a raw webhook body; rejects with WebhookSignatureError when it
  // fails.
  parseWebhook: (rawBody: Buffer, signature: string | undefined) => Promise<PaymentEvent>;
};
