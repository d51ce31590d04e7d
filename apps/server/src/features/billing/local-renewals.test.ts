import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser } from '../../test/auth-fixtures.ts';
import type { TestContext } from '../../test/test-context.ts';
import {
  type Buyer,
  balanceOf,
  call,
  createBillingContext,
  goodCard,
  startCheckout,
} from './billing.test-kit.ts';
import { localRenewalsQueue, planGrantsQueue } from './jobs.ts';
import { renewLocalSubscription } from './local-renewals.ts';
import { subscriptions } from './schema.ts';

// Stripe's test card that attaches to a customer but declines every charge.
const failingCard = { ...goodCard, cardNumber: '4000 0000 0000 0341' };

let t: TestContext;

beforeAll(async () => {
  t = await createBillingContext({ jobs: true, env: { TOKEN_TTL: '3650d' } });
});

afterAll(async () => {
  await t.close();
});

async function runRenewals() {
  if (!t.jobs) throw new Error('jobs are off');
  return t.jobs.sendAndWait(localRenewalsQueue, {});
}

async function subscribe(priceId: string): Promise<Buyer> {
  const buyer = await activeUser(t);
  const session = await startCheckout(t, buyer.token, priceId);
  const paid = await call(t, buyer.token, 'POST', '/api/checkout/local/confirm', {
    clientSecret: session.client_secret,
    ...goodCard,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return buyer;
}

async function receiptsOf(buyer: Buyer) {
  const response = await call(t, buyer.token, 'GET', '/api/checkout/receipts');
  return response.json() as { amount: number; status: string }[];
}

async function subscriptionOf(buyer: Buyer) {
  const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, buyer.id));
  if (!row) throw new Error('no subscription');
  return row;
}

describe('local provider renewals', () => {
  it('bills a monthly plan at the end of each period, on the day it was bought, and grants each paid period once', async () => {
    t.clock.set(new Date('2026-01-31T09:00:00Z'));
    const buyer = await subscribe('price_starter_month');
    const bought = await balanceOf(t, buyer.token);

    // Not yet due: nothing is charged.
    t.clock.set(new Date('2026-02-28T08:59:00Z'));
    await runRenewals();
    expect(await balanceOf(t, buyer.token)).toEqual(bought);

    t.clock.set(new Date('2026-02-28T09:00:00Z'));
    await runRenewals();
    await runRenewals();
    const renewed = await balanceOf(t, buyer.token);
    expect(renewed.plan.name).toBe('Starter');
    expect(renewed.balance).toBe(bought.balance + 500);
    expect(renewed.leadSearchBalance).toBe(bought.leadSearchBalance + 50);
    expect(await receiptsOf(buyer)).toEqual([
      expect.objectContaining({ amount: 4900, status: 'paid' }),
      expect.objectContaining({ amount: 4900, status: 'paid' }),
    ]);
    // The anchor's day is kept: 31 March, not 28 March.
    expect((await subscriptionOf(buyer)).currentPeriodEnd).toEqual(
      new Date('2026-03-31T09:00:00Z'),
    );
  });

  it('two workers renewing the same period at once charge and grant it once', async () => {
    t.clock.set(new Date('2026-03-10T00:00:00Z'));
    const buyer = await subscribe('price_growth_month');
    const before = await balanceOf(t, buyer.token);
    const { id } = await subscriptionOf(buyer);
    const now = new Date('2026-04-10T00:00:00Z');
    const outcomes = await Promise.all([
      renewLocalSubscription(t.db, id, now),
      renewLocalSubscription(t.db, id, now),
    ]);
    expect(outcomes.sort()).toEqual(['not_due', 'renewed']);
    expect((await balanceOf(t, buyer.token)).balance).toBe(before.balance + 2000);
    expect(await receiptsOf(buyer)).toHaveLength(2);
  });

  it('a yearly plan is billed a year later, with a year of credits', async () => {
    t.clock.set(new Date('2026-04-20T00:00:00Z'));
    const buyer = await subscribe('price_starter_year');
    const bought = await balanceOf(t, buyer.token);
    t.clock.set(new Date('2027-04-19T23:00:00Z'));
    await runRenewals();
    expect(await balanceOf(t, buyer.token)).toEqual(bought);
    t.clock.set(new Date('2027-04-20T00:00:00Z'));
    await runRenewals();
    const renewed = await balanceOf(t, buyer.token);
    expect(renewed.balance).toBe(bought.balance + 6000);
    expect(renewed.leadSearchBalance).toBe(bought.leadSearchBalance + 600);
    expect(await receiptsOf(buyer)).toEqual([
      expect.objectContaining({ amount: 47000, status: 'paid' }),
      expect.objectContaining({ amount: 47000, status: 'paid' }),
    ]);
  });

  it('a card that declines the renewal grants nothing, leaves a failed receipt and ends the plan', async () => {
    t.clock.set(new Date('2027-05-15T12:00:00Z'));
    const buyer = await subscribe('price_starter_month');
    const saved = await call(t, buyer.token, 'POST', '/api/checkout/local/card', failingCard);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(expect.objectContaining({ last4: '0341' }));
    expect(saved.json()).not.toHaveProperty('declinesCharges');
    const before = await balanceOf(t, buyer.token);

    t.clock.set(new Date('2027-06-15T12:00:00Z'));
    await runRenewals();
    const after = await balanceOf(t, buyer.token);
    expect(after.plan).toEqual({ name: 'Free', is_default: true });
    expect(after.balance).toBe(before.balance);
    expect(after.leadSearchBalance).toBe(before.leadSearchBalance);
    expect((await receiptsOf(buyer))[0]).toMatchObject({
      amount: 4900,
      status: 'failed',
      receipt_number: null,
    });
    expect((await subscriptionOf(buyer)).status).toBe('canceled');

    // Nothing further is billed, and the free plan's credits come with the next month.
    await runRenewals();
    expect(await balanceOf(t, buyer.token)).toEqual(after);
    t.clock.set(new Date('2027-07-01T00:07:00Z'));
    await t.jobs?.sendAndWait(planGrantsQueue, {});
    expect((await balanceOf(t, buyer.token)).balance).toBe(after.balance + 25);
  });

  it('a card that declines every charge cannot buy a plan', async () => {
    const buyer = await activeUser(t);
    const session = await startCheckout(t, buyer.token, 'price_starter_month');
    const declined = await call(t, buyer.token, 'POST', '/api/checkout/local/confirm', {
      clientSecret: session.client_secret,
      ...failingCard,
    });
    expect(declined.statusCode).toBe(402);
    expect((await balanceOf(t, buyer.token)).plan.name).toBe('Free');
  });
});
