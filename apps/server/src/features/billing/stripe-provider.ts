import type { CheckoutStatus } from '@mailhound/contracts';
import Stripe from 'stripe';
import type { StripeConfig } from '../../config.ts';
import {
  type PaymentEvent,
  type PaymentProvider,
  type ProviderSession,
  WebhookSignatureError,
} from './payment-provider.ts';
import type { SavedCard } from './schema.ts';

type Expandable = string | { id: string } | null | undefined;

function idOf(value: Expandable): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function checkoutStatusOf(status: Stripe.Checkout.Session.Status | null): CheckoutStatus {
  if (status === 'complete') return 'complete';
  if (status === 'expired') return 'expired';
  return 'open';
}

function isPaid(status: Stripe.Checkout.Session.PaymentStatus): boolean {
  return status === 'paid' || status === 'no_payment_required';
}

// Subscriptions are paid by invoices: the receipt of a subscription's first payment is keyed by
// the same invoice id that invoice.paid later reports, so the two never make two receipts.
function sessionPaymentId(session: Stripe.Checkout.Session): string {
  return idOf(session.invoice) ?? idOf(session.payment_intent) ?? session.id;
}

function cardOf(method: Stripe.PaymentMethod, fallbackEmail: string | null): SavedCard | null {
  const email = method.billing_details?.email ?? fallbackEmail;
  switch (method.type) {
    case 'card':
      return {
        type: 'card',
        brand: method.card?.brand ?? null,
        last4: method.card?.last4 ?? null,
        email,
        bank_name: null,
      };
    case 'link':
      return {
        type: 'link',
        brand: null,
        last4: null,
        email: method.link?.email ?? email,
        bank_name: null,
      };
    case 'us_bank_account':
      return {
        type: 'us_bank',
        brand: null,
        last4: method.us_bank_account?.last4 ?? null,
        email,
        bank_name: method.us_bank_account?.bank_name ?? null,
      };
    default:
      return null;
  }
}

function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription);
}

// The period a subscription invoice pays for is its subscription line's (the invoice's own
// period_start/period_end describe the period before it).
function invoicePeriodEnd(invoice: Stripe.Invoice): Date | null {
  const end = invoice.lines?.data?.find((line) => line.period)?.period.end;
  return end ? new Date(end * 1000) : null;
}

// A plan change's invoice credits the unused time of the old price and charges the new one: the
// largest line is the price paid for.
function invoicePriceId(invoice: Stripe.Invoice): string | null {
  const lines = invoice.lines?.data ?? [];
  const largest = lines.reduce<Stripe.InvoiceLineItem | undefined>(
    (best, line) => (line.amount > 0 && (!best || line.amount > best.amount) ? line : best),
    undefined,
  );
  return idOf(largest?.pricing?.price_details?.price);
}

// Our checkout sells one price per subscription.
function subscriptionPriceId(subscription: Stripe.Subscription): string | null {
  return idOf(subscription.items?.data?.[0]?.price);
}

// Stripe keeps a canceled subscription canceled; an incomplete one that expired never started.
function hasEnded(status: Stripe.Subscription.Status): boolean {
  return status === 'canceled' || status === 'incomplete_expired';
}

export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, type: event.type };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      return {
        ...base,
        kind: 'checkout_completed',
        sessionId: session.id,
        paid: isPaid(session.payment_status),
        paymentId: sessionPaymentId(session),
        subscriptionId: idOf(session.subscription),
        amount: session.amount_total,
      };
    }
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      return {
        ...base,
        kind: 'checkout_failed',
        sessionId: session.id,
        paymentId: sessionPaymentId(session),
        amount: session.amount_total,
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const paid = event.type === 'invoice.paid';
      return {
        ...base,
        kind: paid ? 'invoice_paid' : 'invoice_failed',
        invoiceId: invoice.id ?? event.id,
        subscriptionId: invoiceSubscription(invoice),
        amount: paid ? invoice.amount_paid : invoice.amount_due,
        billingReason: invoice.billing_reason,
        periodEnd: invoicePeriodEnd(invoice),
        priceId: invoicePriceId(invoice),
      };
    }
    case 'customer.subscription.deleted':
      return { ...base, kind: 'subscription_ended', subscriptionId: event.data.object.id };
    case 'customer.subscription.updated': {
      const subscription = event.data.object;
      if (hasEnded(subscription.status)) {
        return { ...base, kind: 'subscription_ended', subscriptionId: subscription.id };
      }
      return {
        ...base,
        kind: 'subscription_updated',
        subscriptionId: subscription.id,
        priceId: subscriptionPriceId(subscription),
        stateAt: new Date(event.created * 1000),
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      // Webhook endpoints on API versions before 2025-03-31 still name the charge's invoice.
      const legacyInvoice = idOf((charge as { invoice?: Expandable }).invoice);
      const paymentIds = [idOf(charge.payment_intent), legacyInvoice].filter(
        (id): id is string => id !== null,
      );
      if (paymentIds.length === 0) return { ...base, kind: 'ignored' };
      return {
        ...base,
        kind: 'payment_refunded',
        paymentIds,
        amount: charge.amount,
        amountRefunded: charge.amount_refunded,
        fullyRefunded: charge.refunded,
      };
    }
    default:
      return { ...base, kind: 'ignored' };
  }
}

// Subscription receipts are keyed by invoice, and a charge names only its payment intent: the
// invoice it paid is asked of Stripe's invoice payments.
async function withPaidInvoice(stripe: Stripe, event: PaymentEvent): Promise<PaymentEvent> {
  if (event.kind !== 'payment_refunded' || event.paymentIds.length > 1) return event;
  const [paymentIntent] = event.paymentIds;
  if (!paymentIntent?.startsWith('pi_')) return event;
  const payments = await stripe.invoicePayments.list({
    payment: { type: 'payment_intent', payment_intent: paymentIntent },
    limit: 1,
  });
  const invoice = idOf(payments.data[0]?.invoice);
  return invoice ? { ...event, paymentIds: [...event.paymentIds, invoice] } : event;
}

export function createStripeClient(config: StripeConfig): Stripe {
  const api = new URL(config.apiUrl);
  const protocol = api.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.secretKey, {
    host: api.hostname,
    port: api.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
}

// Embedded Checkout ('embedded_page', the API's name for ui_mode embedded), the customer
// portal, subscription cancel, the card on file, and signed webhooks.
export function createStripeProvider(config: StripeConfig): PaymentProvider {
  const stripe = createStripeClient(config);
  return {
    name: 'stripe',
    publishableKey: config.publishableKey,
    createCheckoutSession: async (request) => {
      let customerId = request.customerId;
      if (!customerId) {
        // The idempotency key keeps two concurrent first checkouts on one customer.
        const customer = await stripe.customers.create(
          { email: request.email, metadata: { userId: request.userId } },
          { idempotencyKey: `customer-${request.userId}` },
        );
        customerId = customer.id;
      }
      const session = await stripe.checkout.sessions.create({
        ui_mode: 'embedded_page',
        mode: request.mode,
        customer: customerId,
        client_reference_id: request.userId,
        line_items: [{ price: request.priceId, quantity: request.quantity }],
        return_url: request.returnUrl,
        metadata: { userId: request.userId },
        ...(request.mode === 'payment'
          ? { payment_intent_data: { setup_future_usage: 'off_session' as const } }
          : { subscription_data: { metadata: { userId: request.userId } } }),
      });
      if (!session.client_secret)
        throw new Error(`Stripe session ${session.id} has no client_secret`);
      return { sessionId: session.id, clientSecret: session.client_secret, customerId };
    },
    getSessionStatus: async (sessionId): Promise<ProviderSession> => {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      return {
        status: checkoutStatusOf(session.status),
        paid: isPaid(session.payment_status),
        paymentId: sessionPaymentId(session),
        subscriptionId: idOf(session.subscription),
        amount: session.amount_total,
      };
    },
    expireCheckoutSession: async (sessionId) => {
      await stripe.checkout.sessions.expire(sessionId);
    },
    createPortalSession: async ({ customerId, returnUrl }) => {
      if (!customerId) throw new Error('no Stripe customer yet: nothing to manage');
      const portal = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return { url: portal.url };
    },
    cancelSubscription: async (subscriptionId) => {
      await stripe.subscriptions.cancel(subscriptionId);
    },
    getCard: async ({ customerId }) => {
      if (!customerId) return null;
      const customer = await stripe.customers.retrieve(customerId, {
        expand: ['invoice_settings.default_payment_method'],
      });
      if (customer.deleted) return null;
      const preferred = customer.invoice_settings?.default_payment_method;
      if (preferred && typeof preferred !== 'string') return cardOf(preferred, customer.email);
      const methods = await stripe.customers.listPaymentMethods(customerId, { limit: 1 });
      const [method] = methods.data;
      return method ? cardOf(method, customer.email) : null;
    },
    parseWebhook: async (rawBody, signature) => {
      if (!config.webhookSecret) {
        throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set');
      }
      if (!signature) throw new WebhookSignatureError('no Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      return withPaidInvoice(stripe, toPaymentEvent(event));
    },
  };
}
