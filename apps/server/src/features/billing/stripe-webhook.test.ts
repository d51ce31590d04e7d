import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser } from '../../test/auth-fixtures.ts';
import type { TestContext } from '../../test/test-context.ts';
import { type FakeStripe, startFakeStripe } from './fake-stripe.ts';
import { type Buyer, balanceOf, call, createBillingContext, startCheckout } from './test-kit.ts';

const webhookSecret = 'whsec_app_secret';
let fake: FakeStripe;
let t: TestContext;
let eventCounter = 0;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createBillingContext({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_app',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_app',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: fake.url,
    },
  });
});

afterAll(async () => {
  await t.close();
  await fake.close();
});

function event(type: string, object: object, id = `evt_${++eventCounter}`) {
  return { id, object: 'event', type, data: { object } };
}

async function deliver(body: object, secret = webhookSecret) {
  const payload = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/checkout/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
}

function completedSession(sessionId: string, extra: object = {}) {
  return {
    id: sessionId,
    object: 'checkout.session',
    status: 'complete',
    payment_status: 'paid',
    payment_intent: `pi_for_${sessionId}`,
    invoice: null,
    subscription: null,
    amount_total: null,
    ...extra,
  };
}

describe('Stripe configured', () => {
  it('tells the web app to load Stripe with the publishable key', async () => {
    const response = await call(t, undefined, 'GET', '/api/checkout/config');
    expect(response.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_app' });
    const local = await call(t, undefined, 'POST', '/api/checkout/local/confirm', {});
    expect(local.statusCode).toBe(404);
  });
});

describe('extra credits through Stripe', () => {
  let buyer: Buyer;
  let sessionId: string;

  beforeAll(async () => {
    buyer = await activeUser(t);
    const session = await startCheckout(t, buyer.token, 'price_extra_credits', 20);
    expect(session.client_secret).toMatch(/_secret_/);
    sessionId = session.sessionId;
  });

  it('grants nothing while the session is open, whatever the browser says', async () => {
    const before = await balanceOf(t, buyer.token);
    const status = await call(t, buyer.token, 'GET', `/api/checkout/${sessionId}`);
    expect(status.json()).toEqual({ status: 'open' });
    expect(await balanceOf(t, buyer.token)).toEqual(before);
  });

  it('refuses a webhook with a bad signature and applies nothing', async () => {
    const before = await balanceOf(t, buyer.token);
    const forged = await deliver(
      event('checkout.session.completed', completedSession(sessionId)),
      'whsec_forged',
    );
    expect(forged.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/checkout/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event('checkout.session.completed', completedSession(sessionId))),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await balanceOf(t, buyer.token)).toEqual(before);
    expect(await t.countRows('payment_events')).toBe(0);
  });

  it('a signed checkout.session.completed grants the credits once; a replay grants nothing', async () => {
    const before = await balanceOf(t, buyer.token);
    const completed = event('checkout.session.completed', completedSession(sessionId));
    const first = await deliver(completed);
    expect(first.statusCode, first.body).toBe(200);
    expect((await balanceOf(t, buyer.token)).balance).toBe(before.balance + 20);

    const replay = await deliver(completed);
    expect(replay.statusCode).toBe(200);
    // Stripe may also send the same news under a new event id.
    await deliver(event('checkout.session.completed', completedSession(sessionId)));
    expect((await balanceOf(t, buyer.token)).balance).toBe(before.balance + 20);

    const receipts = (await call(t, buyer.token, 'GET', '/api/checkout/receipts')).json();
    expect(receipts).toEqual([expect.objectContaining({ amount: 100, status: 'paid' })]);
  });

  it('a session the return page finds complete and paid is fulfilled before the webhook', async () => {
    const session = await startCheckout(t, buyer.token, 'price_extra_credits', 10);
    const before = await balanceOf(t, buyer.token);
    Object.assign(fake.sessions.get(session.sessionId) ?? {}, completedSession(session.sessionId));
    const status = await call(t, buyer.token, 'GET', `/api/checkout/${session.sessionId}`);
    expect(status.json()).toEqual({ status: 'complete' });
    expect((await balanceOf(t, buyer.token)).balance).toBe(before.balance + 10);
    await deliver(event('checkout.session.completed', completedSession(session.sessionId)));
    expect((await balanceOf(t, buyer.token)).balance).toBe(before.balance + 10);
  });

  it('a failed delayed payment leaves a failed receipt and no credits', async () => {
    const session = await startCheckout(t, buyer.token, 'price_extra_credits', 10);
    const before = await balanceOf(t, buyer.token);
    await deliver(
      event('checkout.session.async_payment_failed', {
        ...completedSession(session.sessionId),
        payment_status: 'unpaid',
        payment_intent: 'pi_failed_1',
        amount_total: 50,
      }),
    );
    expect(await balanceOf(t, buyer.token)).toEqual(before);
    const [newest] = (await call(t, buyer.token, 'GET', '/api/checkout/receipts')).json();
    expect(newest).toMatchObject({ status: 'failed', amount: 50, receipt_number: null });
  });
});

describe('a plan through Stripe', () => {
  let buyer: Buyer;
  let sessionId: string;

  beforeAll(async () => {
    buyer = await activeUser(t);
    sessionId = (await startCheckout(t, buyer.token, 'price_growth_month')).sessionId;
  });

  it('the completed session changes the plan and grants its credits once', async () => {
    const before = await balanceOf(t, buyer.token);
    const completed = event(
      'checkout.session.completed',
      completedSession(sessionId, {
        payment_intent: null,
        invoice: 'in_first',
        subscription: 'sub_growth_1',
        amount_total: 14900,
      }),
    );
    await deliver(completed);
    await deliver(completed);
    const after = await balanceOf(t, buyer.token);
    expect(after.plan).toEqual({ name: 'Growth', is_default: false });
    expect(after.balance).toBe(before.balance + 2000);
    expect(after.leadSearchBalance).toBe(before.leadSearchBalance + 200);
  });

  it('invoice.paid adds a receipt per invoice, the first one only once', async () => {
    const invoice = (id: string) => ({
      id,
      object: 'invoice',
      amount_paid: 14900,
      amount_due: 14900,
      billing_reason: id === 'in_first' ? 'subscription_create' : 'subscription_cycle',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: 'sub_growth_1', metadata: {} },
      },
    });
    await deliver(event('invoice.paid', invoice('in_first')));
    await deliver(event('invoice.paid', invoice('in_second')));
    const receipts = (await call(t, buyer.token, 'GET', '/api/checkout/receipts')).json();
    expect(receipts).toHaveLength(2);
    expect(receipts.every((receipt: { status: string }) => receipt.status === 'paid')).toBe(true);
  });

  it('the card on file comes from the Stripe customer', async () => {
    fake.paymentMethod = {
      id: 'pm_link',
      object: 'payment_method',
      type: 'link',
      link: { email: 'ann@link.test' },
      billing_details: { email: null },
    };
    const card = await call(t, buyer.token, 'GET', '/api/checkout/card');
    expect(card.json()).toEqual({
      type: 'link',
      brand: null,
      last4: null,
      email: 'ann@link.test',
      bank_name: null,
    });
    const portal = await call(t, buyer.token, 'POST', '/api/checkout/customer-portal', {
      returnUrl: 'http://mailhound.test/settings/billing',
    });
    expect(portal.json()).toEqual({ url: 'https://billing.stripe.test/p/session/test_1' });
  });

  it('cancel cancels the Stripe subscription; its deleted event afterwards changes nothing', async () => {
    const before = await balanceOf(t, buyer.token);
    const cancel = await call(t, buyer.token, 'DELETE', '/api/checkout/subscription');
    expect(cancel.json()).toEqual({ message: 'Your subscription plan was successfully canceled' });
    expect(
      fake.requests.some(
        (request) =>
          request.method === 'DELETE' && request.path === '/v1/subscriptions/sub_growth_1',
      ),
    ).toBe(true);
    await deliver(
      event('customer.subscription.deleted', { id: 'sub_growth_1', object: 'subscription' }),
    );
    const after = await balanceOf(t, buyer.token);
    expect(after.plan).toEqual({ name: 'Free', is_default: true });
    expect(after.balance).toBe(before.balance);
  });

  it('a second session for the plan just bought is expired at Stripe; paid anyway, it is still granted', async () => {
    const user = await activeUser(t);
    const tab1 = await startCheckout(t, user.token, 'price_growth_month');
    const tab2 = await startCheckout(t, user.token, 'price_growth_month');
    const paidSession = (id: string, n: number) =>
      completedSession(id, {
        payment_intent: null,
        invoice: `in_tab_${n}`,
        subscription: `sub_tab_${n}`,
        amount_total: 14900,
      });
    await deliver(event('checkout.session.completed', paidSession(tab1.sessionId, 1)));
    expect(
      fake.requests.some(
        (request) =>
          request.method === 'POST' &&
          request.path === `/v1/checkout/sessions/${tab2.sessionId}/expire`,
      ),
    ).toBe(true);
    const status = await call(t, user.token, 'GET', `/api/checkout/${tab2.sessionId}`);
    expect(status.json()).toEqual({ status: 'expired' });
    const before = await balanceOf(t, user.token);

    // Paid at Stripe before the expiry reached it: the money was taken, so it is granted.
    const late = await deliver(event('checkout.session.completed', paidSession(tab2.sessionId, 2)));
    expect(late.statusCode, late.body).toBe(200);
    const receipts = (await call(t, user.token, 'GET', '/api/checkout/receipts')).json();
    expect(receipts).toEqual([
      expect.objectContaining({ amount: 14900, status: 'paid' }),
      expect.objectContaining({ amount: 14900, status: 'paid' }),
    ]);
    const after = await balanceOf(t, user.token);
    expect(after.plan.name).toBe('Growth');
    expect(after.balance).toBe(before.balance + 2000);
    expect(
      fake.requests.some(
        (request) => request.method === 'DELETE' && request.path === '/v1/subscriptions/sub_tab_1',
      ),
    ).toBe(true);
  });

  it('a subscription Stripe ends by itself puts the user back on the default plan', async () => {
    const user = await activeUser(t);
    const session = await startCheckout(t, user.token, 'price_starter_month');
    await deliver(
      event(
        'checkout.session.completed',
        completedSession(session.sessionId, { invoice: 'in_s1', subscription: 'sub_starter_9' }),
      ),
    );
    expect((await balanceOf(t, user.token)).plan.name).toBe('Starter');
    await deliver(
      event('customer.subscription.deleted', { id: 'sub_starter_9', object: 'subscription' }),
    );
    expect((await balanceOf(t, user.token)).plan).toEqual({ name: 'Free', is_default: true });
  });
});
