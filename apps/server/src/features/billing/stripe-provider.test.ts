import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from './fake-stripe.test-kit.ts';
import { type PaymentProvider, WebhookSignatureError } from './payment-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

const webhookSecret = 'whsec_test_secret';
let fake: FakeStripe;
let provider: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe();
  provider = createStripeProvider({
    secretKey: 'sk_test_123',
    publishableKey: 'pk_test_123',
    webhookSecret,
    apiUrl: fake.url,
  });
});

afterAll(async () => {
  await fake.close();
});

function lastRequest(method: string, path: string) {
  const found = fake.requests.filter(
    (request) => request.method === method && request.path === path,
  );
  const last = found.at(-1);
  if (!last) throw new Error(`no ${method} ${path}`);
  return last;
}

function signedEvent(event: object, secret = webhookSecret) {
  const payload = JSON.stringify(event);
  return {
    body: Buffer.from(payload),
    signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }),
  };
}

describe('Stripe provider against an API that answers as Stripe does', () => {
  it('creates an embedded Checkout session for a new customer and hands back its client_secret', async () => {
    const created = await provider.createCheckoutSession({
      userId: 'user-1',
      email: 'ann@acme.com',
      customerId: undefined,
      mode: 'payment',
      priceId: 'price_extra_credits',
      quantity: 20,
      amount: 100,
      returnUrl: 'http://mailhound.test/checkout/return?session_id={CHECKOUT_SESSION_ID}',
      description: '20 credits',
    });
    expect(created).toEqual({
      sessionId: expect.stringMatching(/^cs_test_/),
      clientSecret: expect.stringMatching(/_secret_/),
      customerId: 'cus_test_1',
    });
    const customer = lastRequest('POST', '/v1/customers');
    expect(customer.authorization).toBe('Bearer sk_test_123');
    expect(customer.form.get('email')).toBe('ann@acme.com');
    const session = lastRequest('POST', '/v1/checkout/sessions');
    expect(Object.fromEntries(session.form)).toMatchObject({
      ui_mode: 'embedded_page',
      mode: 'payment',
      customer: 'cus_test_1',
      client_reference_id: 'user-1',
      'line_items[0][price]': 'price_extra_credits',
      'line_items[0][quantity]': '20',
      return_url: 'http://mailhound.test/checkout/return?session_id={CHECKOUT_SESSION_ID}',
    });
  });

  it('reuses a known customer for a subscription', async () => {
    const before = fake.requests.filter((request) => request.path === '/v1/customers').length;
    await provider.createCheckoutSession({
      userId: 'user-1',
      email: 'ann@acme.com',
      customerId: 'cus_known',
      mode: 'subscription',
      priceId: 'price_starter_month',
      quantity: 1,
      amount: 4900,
      returnUrl: 'http://mailhound.test/checkout/return?session_id={CHECKOUT_SESSION_ID}',
      description: 'Starter plan',
    });
    expect(fake.requests.filter((request) => request.path === '/v1/customers')).toHaveLength(
      before,
    );
    expect(lastRequest('POST', '/v1/checkout/sessions').form.get('mode')).toBe('subscription');
    expect(lastRequest('POST', '/v1/checkout/sessions').form.get('customer')).toBe('cus_known');
  });

  it('reads the session status, and what a complete session paid', async () => {
    const created = await provider.createCheckoutSession({
      userId: 'user-2',
      email: 'bob@acme.com',
      customerId: 'cus_b',
      mode: 'subscription',
      priceId: 'price_growth_month',
      quantity: 1,
      amount: 14900,
      returnUrl: 'http://mailhound.test/r?session_id={CHECKOUT_SESSION_ID}',
      description: 'Growth plan',
    });
    expect(await provider.getSessionStatus(created.sessionId)).toMatchObject({
      status: 'open',
      paid: false,
    });
    Object.assign(fake.sessions.get(created.sessionId) ?? {}, {
      status: 'complete',
      payment_status: 'paid',
      invoice: 'in_1',
      subscription: 'sub_1',
      amount_total: 14900,
    });
    expect(await provider.getSessionStatus(created.sessionId)).toEqual({
      status: 'complete',
      paid: true,
      paymentId: 'in_1',
      subscriptionId: 'sub_1',
      amount: 14900,
    });
    await expect(provider.getSessionStatus('cs_missing')).rejects.toThrow(
      /No such checkout.session/,
    );
  });

  it('expires an open session, and fails as Stripe does on one that is no longer open', async () => {
    const created = await provider.createCheckoutSession({
      userId: 'user-2',
      email: 'bob@acme.com',
      customerId: 'cus_b',
      mode: 'subscription',
      priceId: 'price_growth_month',
      quantity: 1,
      amount: 14900,
      returnUrl: 'http://mailhound.test/r?session_id={CHECKOUT_SESSION_ID}',
      description: 'Growth plan',
    });
    await provider.expireCheckoutSession(created.sessionId);
    expect(lastRequest('POST', `/v1/checkout/sessions/${created.sessionId}/expire`)).toBeTruthy();
    expect(await provider.getSessionStatus(created.sessionId)).toMatchObject({
      status: 'expired',
      paid: false,
    });
    await expect(provider.expireCheckoutSession(created.sessionId)).rejects.toThrow(
      /Only Checkout Sessions with a status in \["open"\] can be expired/,
    );
  });

  it('opens the customer portal, cancels a subscription and reads the card on file', async () => {
    const portal = await provider.createPortalSession({
      customerId: 'cus_b',
      returnUrl: 'http://mailhound.test/settings/billing',
    });
    expect(portal.url).toBe('https://billing.stripe.test/p/session/test_1');
    expect(lastRequest('POST', '/v1/billing_portal/sessions').form.get('return_url')).toBe(
      'http://mailhound.test/settings/billing',
    );

    await provider.cancelSubscription('sub_1');
    expect(lastRequest('DELETE', '/v1/subscriptions/sub_1')).toBeTruthy();

    expect(await provider.getCard({ userId: 'user-2', customerId: 'cus_b' })).toBeNull();
    const listCalls = () =>
      fake.requests.filter((request) => request.path.endsWith('/payment_methods')).length;
    const listsBefore = listCalls();
    fake.paymentMethod = {
      id: 'pm_1',
      object: 'payment_method',
      type: 'card',
      card: { brand: 'visa', last4: '4242' },
      billing_details: { email: null },
    };
    expect(await provider.getCard({ userId: 'user-2', customerId: 'cus_b' })).toEqual({
      type: 'card',
      brand: 'visa',
      last4: '4242',
      email: 'billing@acme.com',
      bank_name: null,
    });
    expect(lastRequest('GET', '/v1/customers/cus_b').query.get('expand[0]')).toBe(
      'invoice_settings.default_payment_method',
    );
    // The expanded default method answered: no list call was needed.
    expect(listCalls()).toBe(listsBefore);
    fake.paymentMethod = {
      id: 'pm_2',
      object: 'payment_method',
      type: 'us_bank_account',
      us_bank_account: { bank_name: 'STRIPE TEST BANK', last4: '6789' },
      billing_details: { email: 'ap@acme.com' },
    };
    expect(await provider.getCard({ userId: 'user-2', customerId: 'cus_b' })).toEqual({
      type: 'us_bank',
      brand: null,
      last4: '6789',
      email: 'ap@acme.com',
      bank_name: 'STRIPE TEST BANK',
    });
    expect(await provider.getCard({ userId: 'user-3', customerId: undefined })).toBeNull();
  });

  it('verifies webhooks with the SDK and refuses a bad or missing signature', async () => {
    const event = {
      id: 'evt_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_9',
          object: 'checkout.session',
          payment_status: 'paid',
          payment_intent: 'pi_9',
          invoice: null,
          subscription: null,
          amount_total: 100,
        },
      },
    };
    const signed = signedEvent(event);
    expect(await provider.parseWebhook(signed.body, signed.signature)).toEqual({
      id: 'evt_1',
      type: 'checkout.session.completed',
      kind: 'checkout_completed',
      sessionId: 'cs_test_9',
      paid: true,
      paymentId: 'pi_9',
      subscriptionId: null,
      amount: 100,
    });
    const forged = signedEvent(event, 'whsec_someone_else');
    await expect(provider.parseWebhook(forged.body, forged.signature)).rejects.toThrow(
      WebhookSignatureError,
    );
    const tampered = Buffer.from(
      signed.body.toString().replace('"amount_total":100', '"amount_total":1'),
    );
    await expect(provider.parseWebhook(tampered, signed.signature)).rejects.toThrow(
      WebhookSignatureError,
    );
    await expect(provider.parseWebhook(signed.body, undefined)).rejects.toThrow(
      WebhookSignatureError,
    );
  });

  it('names the invoice a refunded charge paid, asked of its invoice payments', async () => {
    fake.invoicePayments.set('pi_sub_7', 'in_sub_7');
    const refunded = (paymentIntent: string, extra: object = {}) =>
      signedEvent({
        id: `evt_refund_${paymentIntent}`,
        object: 'event',
        type: 'charge.refunded',
        data: {
          object: {
            id: `ch_${paymentIntent}`,
            object: 'charge',
            amount: 4900,
            amount_refunded: 4900,
            refunded: true,
            payment_intent: paymentIntent,
            ...extra,
          },
        },
      });
    const subscription = refunded('pi_sub_7');
    expect(await provider.parseWebhook(subscription.body, subscription.signature)).toMatchObject({
      kind: 'payment_refunded',
      paymentIds: ['pi_sub_7', 'in_sub_7'],
      amount: 4900,
      amountRefunded: 4900,
      fullyRefunded: true,
    });
    expect(lastRequest('GET', '/v1/invoice_payments').query.get('payment[payment_intent]')).toBe(
      'pi_sub_7',
    );
    const pack = refunded('pi_pack_1', { amount_refunded: 50, refunded: false });
    expect(await provider.parseWebhook(pack.body, pack.signature)).toMatchObject({
      paymentIds: ['pi_pack_1'],
      amountRefunded: 50,
      fullyRefunded: false,
    });
    // An endpoint on an older API version names the invoice on the charge itself.
    const legacy = refunded('pi_old_1', { invoice: 'in_old_1' });
    expect(await provider.parseWebhook(legacy.body, legacy.signature)).toMatchObject({
      paymentIds: ['pi_old_1', 'in_old_1'],
    });
  });

  it('reads a subscription update: its price and when Stripe made it; a canceled one has ended', async () => {
    const updated = (status: string) =>
      signedEvent({
        id: `evt_sub_${status}`,
        object: 'event',
        type: 'customer.subscription.updated',
        created: 1_900_000_123,
        data: {
          object: {
            id: 'sub_9',
            object: 'subscription',
            status,
            cancel_at_period_end: true,
            items: {
              object: 'list',
              data: [
                { id: 'si_9', object: 'subscription_item', price: { id: 'price_growth_month' } },
              ],
            },
          },
          previous_attributes: { items: { data: [{ price: { id: 'price_starter_month' } }] } },
        },
      });
    const active = updated('past_due');
    expect(await provider.parseWebhook(active.body, active.signature)).toEqual({
      id: 'evt_sub_past_due',
      type: 'customer.subscription.updated',
      kind: 'subscription_updated',
      subscriptionId: 'sub_9',
      priceId: 'price_growth_month',
      stateAt: new Date(1_900_000_123_000),
    });
    const canceled = updated('canceled');
    expect(await provider.parseWebhook(canceled.body, canceled.signature)).toEqual({
      id: 'evt_sub_canceled',
      type: 'customer.subscription.updated',
      kind: 'subscription_ended',
      subscriptionId: 'sub_9',
    });
  });

  it("names the price a plan change's invoice charges: its largest line", async () => {
    const line = (price: string, amount: number) => ({
      id: `il_${price}`,
      object: 'line_item',
      amount,
      pricing: { type: 'price_details', price_details: { price, product: 'prod_1' } },
      period: { start: 1_900_000_000, end: 1_902_592_000 },
    });
    const invoice = signedEvent({
      id: 'evt_in_change',
      object: 'event',
      type: 'invoice.paid',
      data: {
        object: {
          id: 'in_change',
          object: 'invoice',
          amount_paid: 5000,
          amount_due: 5000,
          billing_reason: 'subscription_update',
          parent: {
            type: 'subscription_details',
            subscription_details: { subscription: 'sub_9', metadata: {} },
          },
          lines: {
            object: 'list',
            data: [line('price_starter_month', -2450), line('price_growth_month', 7450)],
          },
        },
      },
    });
    expect(await provider.parseWebhook(invoice.body, invoice.signature)).toMatchObject({
      kind: 'invoice_paid',
      invoiceId: 'in_change',
      subscriptionId: 'sub_9',
      billingReason: 'subscription_update',
      amount: 5000,
      priceId: 'price_growth_month',
      periodEnd: new Date(1_902_592_000_000),
    });
  });
});
