import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser } from '../../test/auth-fixtures.ts';
import type { TestContext } from '../../test/test-context.ts';
import {
  type Buyer,
  balanceOf,
  call,
  createBillingContext,
  declinedCard,
  goodCard,
  returnUrl,
  startCheckout,
} from './billing.test-kit.ts';
import { fulfilCheckout } from './fulfilment.ts';

type ReceiptAnswer = {
  id: string;
  receipt_number: string | null;
  date: string;
  amount: number;
  status: string;
  receipt_url: string;
};

let t: TestContext;

beforeAll(async () => {
  t = await createBillingContext();
});

afterAll(async () => {
  await t.close();
});

async function receiptsOf(token: string): Promise<ReceiptAnswer[]> {
  const response = await call(t, token, 'GET', '/api/checkout/receipts');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ReceiptAnswer[];
}

async function lockWaiters(): Promise<number> {
  const waiting = await t.db.execute<{ count: string }>(
    sql`select count(*)::text as count from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return Number(waiting.rows[0]?.count);
}

async function waitForLockWaiters(count: number): Promise<void> {
  while ((await lockWaiters()) < count) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function pay(token: string, clientSecret: string, card = goodCard) {
  return call(t, token, 'POST', '/api/checkout/local/confirm', { clientSecret, ...card });
}

describe('plans', () => {
  it('lists the seeded plans to guests, Extra credits priced per credit', async () => {
    const response = await call(t, undefined, 'GET', '/api/checkout/plans/list');
    expect(response.statusCode).toBe(200);
    const plans = response.json() as {
      id: number;
      name: string;
      is_default: boolean;
      rules: object;
    }[];
    expect(plans.map((plan) => plan.name)).toEqual([
      'Free',
      'Starter',
      'Starter Yearly',
      'Growth',
      'Growth Yearly',
      'Extra credits',
    ]);
    expect(plans[0]).toMatchObject({
      is_default: true,
      rules: { credits: 25, lead_search_credits: 10, interval: 'month', price: 0, price_id: null },
    });
    expect(plans[1]?.rules).toEqual({
      credits: 500,
      lead_search_credits: 50,
      interval: 'month',
      price: 4900,
      price_id: 'price_starter_month',
    });
    expect(plans[2]?.rules).toMatchObject({ interval: 'year', price: 47000 });
    expect(plans[5]).toMatchObject({
      is_default: false,
      rules: { credits: 1, interval: null, price: 5, price_id: 'price_extra_credits' },
    });
    expect(plans.every((plan) => Number.isInteger(plan.id))).toBe(true);
  });

  it('names the local provider when no Stripe key is configured', async () => {
    const response = await call(t, undefined, 'GET', '/api/checkout/config');
    expect(response.json()).toEqual({ provider: 'local' });
  });
});

describe('buying extra credits with the local provider', () => {
  let buyer: Buyer;

  beforeAll(async () => {
    buyer = await activeUser(t);
  });

  it('adds the credits, lists a paid receipt and completes the session', async () => {
    const before = await balanceOf(t, buyer.token);
    const session = await startCheckout(t, buyer.token, 'price_extra_credits', 20);
    expect(session.client_secret).toMatch(/^cs_local_\w+_secret_\w+$/);
    const open = await call(t, buyer.token, 'GET', `/api/checkout/${session.sessionId}`);
    expect(open.json()).toEqual({ status: 'open' });

    const paid = await pay(buyer.token, session.client_secret);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({
      status: 'complete',
      returnUrl: `http://mailhound.test/checkout/return?session_id=${session.sessionId}`,
    });

    const after = await balanceOf(t, buyer.token);
    expect(after.balance).toBe(before.balance + 20);
    expect(after.leadSearchBalance).toBe(before.leadSearchBalance);
    const done = await call(t, buyer.token, 'GET', `/api/checkout/${session.sessionId}`);
    expect(done.json()).toEqual({ status: 'complete' });

    const [receipt] = await receiptsOf(buyer.token);
    expect(receipt).toMatchObject({ amount: 100, status: 'paid' });
    expect(receipt?.receipt_number).toMatch(/^MH-\d{6}$/);
    expect(receipt?.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}-\d{2}-\d{2}$/);
    expect(receipt?.receipt_url).toMatch(
      new RegExp(`^http://mailhound\\.test/api/checkout/receipts/${receipt?.id}/view\\?sig=`),
    );
  });

  it('grants once when the payment is confirmed twice', async () => {
    const session = await startCheckout(t, buyer.token, 'price_extra_credits', 30);
    const before = await balanceOf(t, buyer.token);
    const receiptsBefore = (await receiptsOf(buyer.token)).length;
    const [first, second] = await Promise.all([
      pay(buyer.token, session.client_secret),
      pay(buyer.token, session.client_secret),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect((await pay(buyer.token, session.client_secret)).statusCode).toBe(200);
    expect((await balanceOf(t, buyer.token)).balance).toBe(before.balance + 30);
    expect(await receiptsOf(buyer.token)).toHaveLength(receiptsBefore + 1);
  });

  it('a declined card adds nothing and leaves a failed receipt without a number', async () => {
    const session = await startCheckout(t, buyer.token, 'price_extra_credits', 10);
    const before = await balanceOf(t, buyer.token);
    const declined = await pay(buyer.token, session.client_secret, declinedCard);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ message: 'Your card was declined.' });
    expect(await balanceOf(t, buyer.token)).toEqual(before);
    const [newest] = await receiptsOf(buyer.token);
    expect(newest).toMatchObject({ status: 'failed', amount: 50, receipt_number: null });
    const status = await call(t, buyer.token, 'GET', `/api/checkout/${session.sessionId}`);
    expect(status.json()).toEqual({ status: 'open' });

    // The session can still be paid with another card.
    expect((await pay(buyer.token, session.client_secret)).statusCode).toBe(200);
    expect((await balanceOf(t, buyer.token)).balance).toBe(before.balance + 10);
  });

  it('refuses a card number that fails Luhn and an expired card, writing nothing', async () => {
    const session = await startCheckout(t, buyer.token, 'price_extra_credits', 10);
    const receiptsBefore = await t.countRows('receipts');
    const typo = await pay(buyer.token, session.client_secret, {
      ...goodCard,
      cardNumber: '4242 4242 4242 4241',
    });
    expect(typo.statusCode).toBe(400);
    expect(typo.json()).toMatchObject({ message: 'Your card number is invalid.' });
    const expired = await pay(buyer.token, session.client_secret, { ...goodCard, expiry: '01/20' });
    expect(expired.json()).toMatchObject({ message: 'Your card has expired.' });
    expect(await t.countRows('receipts')).toBe(receiptsBefore);
  });

  it('keeps the quantity between 10 and 9,999,999 and the price to the plans on sale', async () => {
    const tooFew = await call(t, buyer.token, 'POST', '/api/checkout', {
      priceId: 'price_extra_credits',
      returnUrl,
      quantity: 5,
    });
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.json()).toMatchObject({ message: 'Minimum value is 10' });
    const tooMany = await call(t, buyer.token, 'POST', '/api/checkout', {
      priceId: 'price_extra_credits',
      returnUrl,
      quantity: 10_000_000,
    });
    expect(tooMany.json()).toMatchObject({ message: 'Maximum value is 9,999,999' });
    const unknown = await call(t, buyer.token, 'POST', '/api/checkout', {
      priceId: 'price_nothing',
      returnUrl,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'Can not create checkout session.' });
  });

  it('refuses a return URL on another origin or without the session placeholder', async () => {
    const sessionsBefore = await t.countRows('checkout_sessions');
    const elsewhere = await call(t, buyer.token, 'POST', '/api/checkout', {
      priceId: 'price_extra_credits',
      returnUrl: 'https://evil.example/return?session_id={CHECKOUT_SESSION_ID}',
      quantity: 10,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({
      message: 'returnUrl must be on http://mailhound.test',
    });
    const noPlaceholder = await call(t, buyer.token, 'POST', '/api/checkout', {
      priceId: 'price_extra_credits',
      returnUrl: 'http://mailhound.test/checkout/return',
      quantity: 10,
    });
    expect(noPlaceholder.statusCode).toBe(400);
    expect(await t.countRows('checkout_sessions')).toBe(sessionsBefore);
  });

  it("another user cannot read or pay someone's session", async () => {
    const session = await startCheckout(t, buyer.token, 'price_extra_credits', 10);
    const other = await activeUser(t);
    const status = await call(t, other.token, 'GET', `/api/checkout/${session.sessionId}`);
    expect(status.statusCode).toBe(404);
    expect(status.json()).toMatchObject({ message: 'Can not get checkout session.' });
    expect((await pay(other.token, session.client_secret)).statusCode).toBe(404);
  });

  it('needs a login', async () => {
    const response = await call(t, undefined, 'POST', '/api/checkout', {
      priceId: 'price_extra_credits',
      returnUrl,
      quantity: 10,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'User unauthorized.' });
  });
});

describe('subscribing to a plan with the local provider', () => {
  let buyer: Buyer;

  beforeAll(async () => {
    buyer = await activeUser(t);
  });

  it('changes the plan and grants its credits once, even when confirmed twice', async () => {
    const before = await balanceOf(t, buyer.token);
    expect(before.plan).toEqual({ name: 'Free', is_default: true });
    const session = await startCheckout(t, buyer.token, 'price_starter_month');
    expect((await pay(buyer.token, session.client_secret)).statusCode).toBe(200);
    expect((await pay(buyer.token, session.client_secret)).statusCode).toBe(200);
    const after = await balanceOf(t, buyer.token);
    expect(after.plan).toEqual({ name: 'Starter', is_default: false });
    expect(after.balance).toBe(before.balance + 500);
    expect(after.leadSearchBalance).toBe(before.leadSearchBalance + 50);
    const [receipt] = await receiptsOf(buyer.token);
    expect(receipt).toMatchObject({ amount: 4900, status: 'paid' });
  });

  it('a new plan replaces the old one: one subscription stays active', async () => {
    const other = await activeUser(t);
    for (const priceId of ['price_starter_month', 'price_growth_year']) {
      const session = await startCheckout(t, other.token, priceId);
      expect((await pay(other.token, session.client_secret)).statusCode).toBe(200);
    }
    expect((await balanceOf(t, other.token)).plan).toEqual({
      name: 'Growth Yearly',
      is_default: false,
    });
    const active = await t.db.execute<{ count: string }>(
      sql`select count(*)::text as count from subscriptions where user_id = ${other.id} and status = 'active'`,
    );
    expect(active.rows[0]?.count).toBe('1');
  });

  it('two plans confirmed at the same moment leave one active subscription', async () => {
    const other = await activeUser(t);
    const starter = await startCheckout(t, other.token, 'price_starter_month');
    const growth = await startCheckout(t, other.token, 'price_growth_month');
    const confirmation = { paymentId: null, subscriptionId: null, amount: null };
    let fulfilled!: () => void;
    let release!: () => void;
    const firstDone = new Promise<void>((resolve) => {
      fulfilled = resolve;
    });
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The first confirmation stays uncommitted until the second is waiting on it.
    const first = t.db.transaction(async (tx) => {
      await fulfilCheckout(tx, starter.sessionId, confirmation, t.clock.now());
      fulfilled();
      await held;
    });
    await firstDone;
    const second = t.db.transaction((tx) =>
      fulfilCheckout(tx, growth.sessionId, confirmation, t.clock.now()),
    );
    await waitForLockWaiters(1);
    release();
    await first;
    await second;
    const active = await t.db.execute<{ count: string }>(
      sql`select count(*)::text as count from subscriptions where user_id = ${other.id} and status = 'active'`,
    );
    expect(active.rows[0]?.count).toBe('1');
    expect((await balanceOf(t, other.token)).plan.name).toBe('Growth');
  });

  it('refuses the plan the user is already on', async () => {
    const again = await call(t, buyer.token, 'POST', '/api/checkout', {
      priceId: 'price_starter_month',
      returnUrl,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: 'Selected plan is already purchased' });
  });

  it('a plan is bought one at a time', async () => {
    const response = await call(t, buyer.token, 'POST', '/api/checkout', {
      priceId: 'price_growth_month',
      returnUrl,
      quantity: 2,
    });
    expect(response.statusCode).toBe(400);
  });

  it('shows the card used, and the local portal returns to the billing page', async () => {
    const card = await call(t, buyer.token, 'GET', '/api/checkout/card');
    expect(card.json()).toEqual({
      type: 'card',
      brand: 'visa',
      last4: '4242',
      email: buyer.username.toLowerCase(),
      bank_name: null,
    });
    const portal = await call(t, buyer.token, 'POST', '/api/checkout/customer-portal', {
      returnUrl: 'http://mailhound.test/settings/billing',
      redirectUrl: 'http://mailhound.test/settings/billing',
    });
    expect(portal.json()).toEqual({ url: 'http://mailhound.test/settings/billing?portal=local' });
    const replaced = await call(t, buyer.token, 'POST', '/api/checkout/local/card', {
      ...goodCard,
      cardNumber: '5555 5555 5555 4444',
    });
    expect(replaced.json()).toMatchObject({ brand: 'mastercard', last4: '4444' });
    expect((await call(t, buyer.token, 'GET', '/api/checkout/card')).json()).toMatchObject({
      last4: '4444',
    });
  });

  it('refuses a portal return URL on another origin', async () => {
    const portal = await call(t, buyer.token, 'POST', '/api/checkout/customer-portal', {
      returnUrl: 'https://evil.example/settings/billing',
    });
    expect(portal.statusCode).toBe(400);
  });

  it('cancel puts the user back on the default plan and keeps the credits', async () => {
    const before = await balanceOf(t, buyer.token);
    const cancel = await call(t, buyer.token, 'DELETE', '/api/checkout/subscription');
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toEqual({ message: 'Your subscription plan was successfully canceled' });
    const after = await balanceOf(t, buyer.token);
    expect(after.plan).toEqual({ name: 'Free', is_default: true });
    expect(after.balance).toBe(before.balance);
    expect(after.leadSearchBalance).toBe(before.leadSearchBalance);

    const again = await call(t, buyer.token, 'DELETE', '/api/checkout/subscription');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: 'Can not cancel a subscription' });
  });

  it('a new user has no card on file', async () => {
    const fresh = await activeUser(t);
    const card = await call(t, fresh.token, 'GET', '/api/checkout/card');
    expect(card.statusCode).toBe(200);
    expect(card.json()).toBeNull();
  });
});

// What a payment can change for a user: balances, receipts, ledger entries and subscriptions.
async function accountOf(buyer: Buyer) {
  const ledger = await t.db.execute(
    sql`select kind, amount, lead_amount, idempotency_key from credit_entries where user_id = ${buyer.id} order by id`,
  );
  const plans = await t.db.execute(
    sql`select id, plan_id, status from subscriptions where user_id = ${buyer.id} order by created_at, id`,
  );
  return {
    balance: await balanceOf(t, buyer.token),
    receipts: await receiptsOf(buyer.token),
    ledger: ledger.rows,
    subscriptions: plans.rows,
  };
}

async function statusOf(token: string, sessionId: string) {
  return (await call(t, token, 'GET', `/api/checkout/${sessionId}`)).json();
}

function receiptSequence(receipt: ReceiptAnswer | undefined): number {
  return Number(receipt?.receipt_number?.slice('MH-'.length));
}

describe('the same plan chosen in two tabs', () => {
  let buyer: Buyer;
  let tab1: { client_secret: string; sessionId: string };
  let tab2: { client_secret: string; sessionId: string };
  let credits: { client_secret: string; sessionId: string };

  beforeAll(async () => {
    buyer = await activeUser(t);
    const starter = await startCheckout(t, buyer.token, 'price_starter_month');
    expect((await pay(buyer.token, starter.client_secret)).statusCode).toBe(200);
    tab1 = await startCheckout(t, buyer.token, 'price_growth_month');
    tab2 = await startCheckout(t, buyer.token, 'price_growth_month');
    credits = await startCheckout(t, buyer.token, 'price_extra_credits', 10);
  });

  it('the second payment is refused before anything is charged, and changes nothing', async () => {
    expect((await pay(buyer.token, tab1.client_secret)).statusCode).toBe(200);
    const before = await accountOf(buyer);
    expect(before.balance.plan.name).toBe('Growth');

    const second = await pay(buyer.token, tab2.client_secret);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ message: 'Selected plan is already purchased' });
    // Not even a declined attempt is recorded: the card is never tried.
    const declined = await pay(buyer.token, tab2.client_secret, declinedCard);
    expect(declined.statusCode).toBe(400);
    expect(declined.json()).toMatchObject({ message: 'Selected plan is already purchased' });

    expect(await accountOf(buyer)).toEqual(before);
    expect(before.receipts.filter((receipt) => receipt.amount === 14900)).toHaveLength(1);
  });

  it("completing the plan expires the other tab's session, not the sessions of other purchases", async () => {
    expect(await statusOf(buyer.token, tab1.sessionId)).toEqual({ status: 'complete' });
    expect(await statusOf(buyer.token, tab2.sessionId)).toEqual({ status: 'expired' });
    expect(await statusOf(buyer.token, credits.sessionId)).toEqual({ status: 'open' });
    expect((await pay(buyer.token, credits.client_secret)).statusCode).toBe(200);
  });

  it('the expired session stays unpayable once the plan is cancelled', async () => {
    expect((await call(t, buyer.token, 'DELETE', '/api/checkout/subscription')).statusCode).toBe(
      200,
    );
    const before = await accountOf(buyer);
    const late = await pay(buyer.token, tab2.client_secret);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ message: 'This checkout session has expired.' });
    expect(await accountOf(buyer)).toEqual(before);
  });
});

// Confirms the payments at once while a third transaction holds a key-share lock on the user
// row, as any row inserted for the user (a receipt, a ledger entry) does: the payments then
// meet at the user row every time, instead of only when the timing happens to line them up.
async function confirmTogether(buyer: Buyer, clientSecrets: string[]) {
  const other = await t.pool.connect();
  try {
    await other.query('begin');
    await other.query('select 1 from users where id = $1 for key share', [buyer.id]);
    let settled = 0;
    const answers = Promise.all(
      clientSecrets.map((secret) =>
        pay(buyer.token, secret).finally(() => {
          settled += 1;
        }),
      ),
    );
    // Released once every payment has either answered or is waiting on a lock.
    while (settled + (await lockWaiters()) < clientSecrets.length) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await other.query('commit');
    return await answers;
  } finally {
    other.release();
  }
}

describe('two payments of one user confirmed at the same moment', () => {
  it('the same plan twice: one is granted, the other refused, no error and no gap in receipt numbers', async () => {
    const buyer = await activeUser(t);
    const before = await balanceOf(t, buyer.token);
    const first = await startCheckout(t, buyer.token, 'price_starter_month');
    const second = await startCheckout(t, buyer.token, 'price_starter_month');
    const answers = await confirmTogether(buyer, [first.client_secret, second.client_secret]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)?.json()).toMatchObject({
      message: 'Selected plan is already purchased',
    });
    const after = await accountOf(buyer);
    expect(after.balance.plan.name).toBe('Starter');
    expect(after.balance.balance).toBe(before.balance + 500);
    expect(after.receipts).toEqual([expect.objectContaining({ amount: 4900, status: 'paid' })]);
    expect(after.subscriptions).toEqual([expect.objectContaining({ status: 'active' })]);

    // The next receipt written takes the very next number.
    const pack = await startCheckout(t, buyer.token, 'price_extra_credits', 10);
    expect((await pay(buyer.token, pack.client_secret)).statusCode).toBe(200);
    const [newest, previous] = await receiptsOf(buyer.token);
    expect(receiptSequence(newest)).toBe(receiptSequence(previous) + 1);
  });

  it('two different plans: both are paid in turn, one subscription stays active, receipts numbered without a gap', async () => {
    const buyer = await activeUser(t);
    const starter = await startCheckout(t, buyer.token, 'price_starter_month');
    const growth = await startCheckout(t, buyer.token, 'price_growth_month');
    const answers = await confirmTogether(buyer, [starter.client_secret, growth.client_secret]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const after = await accountOf(buyer);
    const active = after.subscriptions.filter((row) => row.status === 'active');
    expect(active).toHaveLength(1);
    expect(after.receipts).toHaveLength(2);
    const [newest, previous] = after.receipts;
    expect(receiptSequence(newest)).toBe(receiptSequence(previous) + 1);
  });

  it('a plan and a credit pack: both are granted', async () => {
    const buyer = await activeUser(t);
    const before = await balanceOf(t, buyer.token);
    const plan = await startCheckout(t, buyer.token, 'price_starter_month');
    const pack = await startCheckout(t, buyer.token, 'price_extra_credits', 40);
    const answers = await confirmTogether(buyer, [plan.client_secret, pack.client_secret]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const after = await balanceOf(t, buyer.token);
    expect(after.plan.name).toBe('Starter');
    expect(after.balance).toBe(before.balance + 500 + 40);
  });
});
