import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans } from '../../platform/account-schema.ts';
import { activeUser } from '../../test/auth-fixtures.ts';
import type { TestContext } from '../../test/test-context.ts';
import { applyCreditEntry } from '../credits/credit-ledger.ts';
import {
  type Buyer,
  balanceOf,
  call,
  createBillingContext,
  startCheckout,
} from './billing.test-kit.ts';
import { type FakeStripe, startFakeStripe } from './fake-stripe.test-kit.ts';
import { subscriptions } from './schema.ts';

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

function growthInvoice(id: string, billingReason = 'subscription_cycle') {
  return {
    id,
    object: 'invoice',
    amount_paid: 14900,
    amount_due: 14900,
    billing_reason: billingReason,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: 'sub_growth_1', metadata: {} },
    },
  };
}

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

  it('invoice.paid adds a receipt per invoice, the first one only once; a renewal grants its period', async () => {
    const before = await balanceOf(t, buyer.token);
    await deliver(event('invoice.paid', growthInvoice('in_first', 'subscription_create')));
    expect(await balanceOf(t, buyer.token)).toEqual(before);
    await deliver(event('invoice.paid', growthInvoice('in_second')));
    const receipts = (await call(t, buyer.token, 'GET', '/api/checkout/receipts')).json();
    expect(receipts).toHaveLength(2);
    expect(receipts.every((receipt: { status: string }) => receipt.status === 'paid')).toBe(true);
    const after = await balanceOf(t, buyer.token);
    expect(after.balance).toBe(before.balance + 2000);
    expect(after.leadSearchBalance).toBe(before.leadSearchBalance + 200);
  });

  it('a renewal delivered twice at once under two event ids, then replayed, grants its period once', async () => {
    const before = await balanceOf(t, buyer.token);
    const paid = event('invoice.paid', growthInvoice('in_third'));
    const answers = await Promise.all([
      deliver(paid),
      deliver(event('invoice.payment_succeeded', growthInvoice('in_third'))),
      deliver(event('invoice.paid', growthInvoice('in_third'))),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    await deliver(paid);
    expect((await balanceOf(t, buyer.token)).balance).toBe(before.balance + 2000);
  });

  it('a renewal that fails grants nothing and leaves a failed receipt', async () => {
    const before = await balanceOf(t, buyer.token);
    await deliver(event('invoice.payment_failed', growthInvoice('in_fourth')));
    expect(await balanceOf(t, buyer.token)).toEqual(before);
    const [newest] = (await call(t, buyer.token, 'GET', '/api/checkout/receipts')).json();
    expect(newest).toMatchObject({ status: 'failed', amount: 14900, receipt_number: null });
    // A plan change's proration on the plan the period already has grants nothing more.
    await deliver(event('invoice.paid', growthInvoice('in_proration', 'subscription_update')));
    expect(await balanceOf(t, buyer.token)).toEqual(before);
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

function refundedCharge(paymentIntent: string, amount: number, amountRefunded: number) {
  return {
    id: `ch_${paymentIntent}`,
    object: 'charge',
    amount,
    amount_refunded: amountRefunded,
    refunded: amountRefunded >= amount,
    payment_intent: paymentIntent,
  };
}

describe('refunds', () => {
  async function buyCredits(buyer: Buyer, quantity: number) {
    const { sessionId } = await startCheckout(t, buyer.token, 'price_extra_credits', quantity);
    await deliver(event('checkout.session.completed', completedSession(sessionId)));
    return `pi_for_${sessionId}`;
  }

  async function newestReceipt(buyer: Buyer) {
    const [newest] = (await call(t, buyer.token, 'GET', '/api/checkout/receipts')).json();
    return newest;
  }

  it('a refunded credit pack takes its credits back once, however often Stripe tells us', async () => {
    const buyer = await activeUser(t);
    const before = await balanceOf(t, buyer.token);
    const paymentIntent = await buyCredits(buyer, 20);
    const refunded = event('charge.refunded', refundedCharge(paymentIntent, 100, 100));
    expect((await deliver(refunded)).statusCode).toBe(200);
    await deliver(refunded);
    await deliver(event('charge.refunded', refundedCharge(paymentIntent, 100, 100)));
    expect(await balanceOf(t, buyer.token)).toEqual(before);
    expect(await newestReceipt(buyer)).toMatchObject({ status: 'refunded', amount: 100 });
  });

  it('a partial refund takes back its share; the rest follows the rest of the refund', async () => {
    const buyer = await activeUser(t);
    const before = await balanceOf(t, buyer.token);
    const paymentIntent = await buyCredits(buyer, 40);
    await deliver(event('charge.refunded', refundedCharge(paymentIntent, 200, 50)));
    expect((await balanceOf(t, buyer.token)).balance).toBe(before.balance + 30);
    expect(await newestReceipt(buyer)).toMatchObject({ status: 'paid' });
    await deliver(event('charge.refunded', refundedCharge(paymentIntent, 200, 200)));
    expect((await balanceOf(t, buyer.token)).balance).toBe(before.balance);
    expect(await newestReceipt(buyer)).toMatchObject({ status: 'refunded' });
  });

  it('takes back at most what is still available: spent or held credits stay, never below zero', async () => {
    const buyer = await activeUser(t);
    const paymentIntent = await buyCredits(buyer, 20);
    const { balance } = await balanceOf(t, buyer.token);
    await t.db.transaction(async (tx) => {
      await applyCreditEntry(tx, {
        userId: buyer.id,
        kind: 'charge',
        amount: balance - 8,
        idempotencyKey: `charge:${buyer.id}:spent`,
      });
      await applyCreditEntry(tx, {
        userId: buyer.id,
        kind: 'hold',
        amount: 3,
        idempotencyKey: `hold:${buyer.id}:bulk`,
      });
    });
    await deliver(event('charge.refunded', refundedCharge(paymentIntent, 100, 100)));
    const after = await balanceOf(t, buyer.token);
    expect(after).toMatchObject({ balance: 3, onHold: 3 });
    expect(await newestReceipt(buyer)).toMatchObject({ status: 'refunded' });
  });

  it("a refunded subscription payment is found by its invoice and takes the period's credits back", async () => {
    const buyer = await activeUser(t);
    const before = await balanceOf(t, buyer.token);
    const { sessionId } = await startCheckout(t, buyer.token, 'price_growth_month');
    await deliver(
      event(
        'checkout.session.completed',
        completedSession(sessionId, {
          payment_intent: null,
          invoice: 'in_refund_1',
          subscription: 'sub_refund_1',
          amount_total: 14900,
        }),
      ),
    );
    expect((await balanceOf(t, buyer.token)).balance).toBe(before.balance + 2000);
    fake.invoicePayments.set('pi_refund_1', 'in_refund_1');
    await deliver(event('charge.refunded', refundedCharge('pi_refund_1', 14900, 14900)));
    const after = await balanceOf(t, buyer.token);
    expect(after.balance).toBe(before.balance);
    expect(after.leadSearchBalance).toBe(before.leadSearchBalance);
    expect(await newestReceipt(buyer)).toMatchObject({ status: 'refunded', amount: 14900 });
  });
});

// Stripe's event time, in seconds: a later change has a larger one.
let clockSeconds = 1_900_000_000;

function subscriptionUpdated(
  subscriptionId: string,
  priceId: string,
  extra: object = {},
  created = ++clockSeconds,
) {
  return {
    ...event('customer.subscription.updated', {
      id: subscriptionId,
      object: 'subscription',
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      items: {
        object: 'list',
        data: [{ id: `si_${subscriptionId}`, object: 'subscription_item', price: { id: priceId } }],
      },
      ...extra,
    }),
    created,
  };
}

function invoiceLine(priceId: string, amount: number) {
  return {
    id: `il_${priceId}_${amount}`,
    object: 'line_item',
    amount,
    pricing: { type: 'price_details', price_details: { price: priceId, product: 'prod_1' } },
    period: { start: 1_900_000_000, end: 1_902_592_000 },
  };
}

// A plan change invoiced at once: the unused time of the old price credited, the rest of the
// period on the new price charged.
function changeInvoice(
  id: string,
  subscriptionId: string,
  lines: ReturnType<typeof invoiceLine>[],
  amountPaid: number,
) {
  return {
    id,
    object: 'invoice',
    amount_paid: amountPaid,
    amount_due: amountPaid,
    billing_reason: 'subscription_update',
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscriptionId, metadata: {} },
    },
    lines: { object: 'list', data: lines, has_more: false },
  };
}

function renewal(id: string, subscriptionId: string) {
  return {
    ...growthInvoice(id),
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscriptionId, metadata: {} },
    },
  };
}

describe('plan changes in the customer portal', () => {
  let counter = 0;

  // A user on Starter through Stripe: 500 credits and 50 lead searches for the first period.
  async function starterSubscriber() {
    const user = await activeUser(t);
    const subscriptionId = `sub_portal_${++counter}`;
    const { sessionId } = await startCheckout(t, user.token, 'price_starter_month');
    await deliver(
      event(
        'checkout.session.completed',
        completedSession(sessionId, {
          payment_intent: null,
          invoice: `in_${subscriptionId}_first`,
          subscription: subscriptionId,
          amount_total: 4900,
        }),
      ),
    );
    expect((await balanceOf(t, user.token)).plan.name).toBe('Starter');
    return { user, subscriptionId };
  }

  async function storedPlanOf(subscriptionId: string) {
    const [row] = await t.db
      .select({ planId: subscriptions.planId, status: subscriptions.status })
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    const [plan] = await t.db
      .select({ name: plans.name })
      .from(plans)
      .where(eq(plans.id, row?.planId ?? -1));
    return { plan: plan?.name, status: row?.status };
  }

  it('a new price moves the subscription and the user to its plan, and grants nothing by itself', async () => {
    const { user, subscriptionId } = await starterSubscriber();
    const before = await balanceOf(t, user.token);
    const answer = await deliver(subscriptionUpdated(subscriptionId, 'price_growth_month'));
    expect(answer.statusCode, answer.body).toBe(200);
    const after = await balanceOf(t, user.token);
    expect(after.plan).toEqual({ name: 'Growth', is_default: false });
    expect(after.balance).toBe(before.balance);
    expect(await storedPlanOf(subscriptionId)).toEqual({ plan: 'Growth', status: 'active' });
  });

  it('a price no plan bills for is ignored: the plan stays, the webhook answers 200', async () => {
    const { user, subscriptionId } = await starterSubscriber();
    const answer = await deliver(subscriptionUpdated(subscriptionId, 'price_not_in_plans'));
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await balanceOf(t, user.token)).plan.name).toBe('Starter');
    expect(await storedPlanOf(subscriptionId)).toEqual({ plan: 'Starter', status: 'active' });
    // The next known price still applies.
    await deliver(subscriptionUpdated(subscriptionId, 'price_growth_month'));
    expect((await balanceOf(t, user.token)).plan.name).toBe('Growth');
  });

  it("an upgrade invoiced at once tops the period up to the new plan's credits, once", async () => {
    const { user, subscriptionId } = await starterSubscriber();
    const before = await balanceOf(t, user.token);
    await deliver(subscriptionUpdated(subscriptionId, 'price_growth_month'));
    const upgrade = event(
      'invoice.paid',
      changeInvoice(
        'in_upgrade_1',
        subscriptionId,
        [invoiceLine('price_starter_month', -2450), invoiceLine('price_growth_month', 7450)],
        5000,
      ),
    );
    await deliver(upgrade);
    const upgraded = await balanceOf(t, user.token);
    expect(upgraded.balance).toBe(before.balance + 1500);
    expect(upgraded.leadSearchBalance).toBe(before.leadSearchBalance + 150);

    // A replay, and the same invoice under another event id, grant nothing more.
    await deliver(upgrade);
    await deliver(event('invoice.paid', { ...upgrade.data.object }));
    expect(await balanceOf(t, user.token)).toEqual(upgraded);
    const receipts = (await call(t, user.token, 'GET', '/api/checkout/receipts')).json();
    expect(receipts[0]).toMatchObject({ amount: 5000, status: 'paid' });

    // Down to Starter and back up within the period: the period has had Growth's credits.
    await deliver(subscriptionUpdated(subscriptionId, 'price_starter_month'));
    await deliver(subscriptionUpdated(subscriptionId, 'price_growth_month'));
    await deliver(
      event(
        'invoice.paid',
        changeInvoice(
          'in_upgrade_2',
          subscriptionId,
          [invoiceLine('price_starter_month', -2000), invoiceLine('price_growth_month', 6000)],
          4000,
        ),
      ),
    );
    expect(await balanceOf(t, user.token)).toEqual(upgraded);

    // The next period is Growth's, in full.
    await deliver(event('invoice.paid', renewal('in_upgrade_renewal', subscriptionId)));
    expect((await balanceOf(t, user.token)).balance).toBe(upgraded.balance + 2000);
  });

  it('an upgrade invoice delivered before the subscription update grants the plan it charges', async () => {
    const { user, subscriptionId } = await starterSubscriber();
    const before = await balanceOf(t, user.token);
    await deliver(
      event(
        'invoice.paid',
        changeInvoice(
          'in_early_upgrade',
          subscriptionId,
          [invoiceLine('price_starter_month', -2450), invoiceLine('price_growth_month', 7450)],
          5000,
        ),
      ),
    );
    expect((await balanceOf(t, user.token)).balance).toBe(before.balance + 1500);
    await deliver(subscriptionUpdated(subscriptionId, 'price_growth_month'));
    const after = await balanceOf(t, user.token);
    expect(after.plan.name).toBe('Growth');
    expect(after.balance).toBe(before.balance + 1500);
  });

  it('a change that takes no money now grants nothing; the renewal grants the new plan', async () => {
    const { user, subscriptionId } = await starterSubscriber();
    const before = await balanceOf(t, user.token);
    await deliver(subscriptionUpdated(subscriptionId, 'price_growth_month'));
    // Paid from the customer's credit balance, or prorations left for the next invoice.
    await deliver(
      event(
        'invoice.paid',
        changeInvoice('in_free_change', subscriptionId, [invoiceLine('price_growth_month', 0)], 0),
      ),
    );
    // A failed upgrade payment grants nothing either.
    await deliver(
      event(
        'invoice.payment_failed',
        changeInvoice(
          'in_failed_change',
          subscriptionId,
          [invoiceLine('price_growth_month', 7450)],
          7450,
        ),
      ),
    );
    expect((await balanceOf(t, user.token)).balance).toBe(before.balance);
    await deliver(event('invoice.paid', renewal('in_after_free_change', subscriptionId)));
    const after = await balanceOf(t, user.token);
    expect(after.balance).toBe(before.balance + 2000);
    expect(after.leadSearchBalance).toBe(before.leadSearchBalance + 200);
  });

  it('an older update delivered after a newer one is stale and does not move the plan back', async () => {
    const { user, subscriptionId } = await starterSubscriber();
    const older = subscriptionUpdated(subscriptionId, 'price_starter_year');
    const newer = subscriptionUpdated(subscriptionId, 'price_growth_month');
    await deliver(newer);
    await deliver(older);
    expect((await balanceOf(t, user.token)).plan.name).toBe('Growth');
    expect(await storedPlanOf(subscriptionId)).toEqual({ plan: 'Growth', status: 'active' });
    // Back to Starter later on; the Growth update replayed is applied once only, already.
    await deliver(subscriptionUpdated(subscriptionId, 'price_starter_month'));
    await deliver(newer);
    expect((await balanceOf(t, user.token)).plan.name).toBe('Starter');
  });

  it('a scheduled cancellation keeps the plan until Stripe ends the subscription; a late update does not revive it', async () => {
    const { user, subscriptionId } = await starterSubscriber();
    const lateUpgrade = subscriptionUpdated(subscriptionId, 'price_growth_month');
    await deliver(
      subscriptionUpdated(subscriptionId, 'price_starter_month', {
        cancel_at_period_end: true,
        cancel_at: clockSeconds + 86_400,
      }),
    );
    expect((await balanceOf(t, user.token)).plan.name).toBe('Starter');
    await deliver(
      event('customer.subscription.deleted', {
        id: subscriptionId,
        object: 'subscription',
        status: 'canceled',
      }),
    );
    expect((await balanceOf(t, user.token)).plan).toEqual({ name: 'Free', is_default: true });
    await deliver(lateUpgrade);
    expect((await balanceOf(t, user.token)).plan).toEqual({ name: 'Free', is_default: true });
    expect(await storedPlanOf(subscriptionId)).toEqual({ plan: 'Starter', status: 'canceled' });
  });

  it('past_due and unpaid keep the plan and grant nothing while Stripe retries; canceled ends it', async () => {
    const { user, subscriptionId } = await starterSubscriber();
    const before = await balanceOf(t, user.token);
    await deliver(event('invoice.payment_failed', renewal('in_retried', subscriptionId)));
    await deliver(
      subscriptionUpdated(subscriptionId, 'price_starter_month', { status: 'past_due' }),
    );
    await deliver(subscriptionUpdated(subscriptionId, 'price_starter_month', { status: 'unpaid' }));
    expect(await balanceOf(t, user.token)).toEqual(before);
    expect(await storedPlanOf(subscriptionId)).toEqual({ plan: 'Starter', status: 'active' });
    await deliver(
      subscriptionUpdated(subscriptionId, 'price_starter_month', { status: 'canceled' }),
    );
    const after = await balanceOf(t, user.token);
    expect(after.plan).toEqual({ name: 'Free', is_default: true });
    expect(after.balance).toBe(before.balance);
    expect((await storedPlanOf(subscriptionId)).status).toBe('canceled');
  });

  it('a session open in another tab for the plan moved to is expired at Stripe', async () => {
    const { user, subscriptionId } = await starterSubscriber();
    const tab = await startCheckout(t, user.token, 'price_growth_month');
    await deliver(subscriptionUpdated(subscriptionId, 'price_growth_month'));
    expect(
      fake.requests.some(
        (request) =>
          request.method === 'POST' &&
          request.path === `/v1/checkout/sessions/${tab.sessionId}/expire`,
      ),
    ).toBe(true);
    const status = await call(t, user.token, 'GET', `/api/checkout/${tab.sessionId}`);
    expect(status.json()).toEqual({ status: 'expired' });
  });
});
