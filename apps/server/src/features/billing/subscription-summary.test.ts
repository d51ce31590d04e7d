import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser } from '../../test/auth-fixtures.ts';
import type { TestContext } from '../../test/test-context.ts';
import { applyCreditEntry } from '../credits/credit-ledger.ts';
import {
  type Buyer,
  call,
  createBillingContext,
  goodCard,
  startCheckout,
} from './billing.test-kit.ts';
import { renewLocalSubscription } from './local-renewals.ts';
import { subscriptions } from './schema.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createBillingContext({ env: { TOKEN_TTL: '3650d' } });
});

afterAll(async () => {
  await t.close();
});

async function summaryOf(buyer: Buyer) {
  const response = await call(t, buyer.token, 'GET', '/api/checkout/subscription');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function charge(buyer: Buyer, key: string, credits: number, leadSearches: number) {
  await t.db.transaction((tx) =>
    applyCreditEntry(tx, {
      userId: buyer.id,
      kind: 'charge',
      amount: credits,
      leadAmount: leadSearches,
      idempotencyKey: key,
    }),
  );
}

describe('GET /api/checkout/subscription', () => {
  it('the Free plan resets on the first of next month and counts what this month used', async () => {
    t.clock.set(new Date('2026-03-14T10:00:00Z'));
    const user = await activeUser(t);
    await charge(user, 'free-search', 3, 1);
    expect(await summaryOf(user)).toEqual({
      plan: 'Free',
      interval: 'month',
      status: null,
      currentPeriodEnd: '2026-04-01T00:00:00.000Z',
      cancelAtPeriodEnd: false,
      usage: { credits: { used: 3, granted: 25 }, leadSearches: { used: 1, granted: 10 } },
    });
  });

  it('a paid plan shows its renewal and this period’s usage, which starts again when it renews', async () => {
    t.clock.set(new Date('2026-03-31T09:00:00Z'));
    const buyer = await activeUser(t);
    await charge(buyer, 'before-the-plan', 5, 0);
    const session = await startCheckout(t, buyer.token, 'price_starter_month');
    const paid = await call(t, buyer.token, 'POST', '/api/checkout/local/confirm', {
      clientSecret: session.client_secret,
      ...goodCard,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await charge(buyer, 'search-1', 30, 0);
    await charge(buyer, 'search-2', 7, 0);
    await charge(buyer, 'lead-searches', 0, 12);
    expect(await summaryOf(buyer)).toEqual({
      plan: 'Starter',
      interval: 'month',
      status: 'active',
      currentPeriodEnd: '2026-04-30T09:00:00.000Z',
      cancelAtPeriodEnd: false,
      usage: { credits: { used: 37, granted: 500 }, leadSearches: { used: 12, granted: 50 } },
    });

    const [subscription] = await t.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.userId, buyer.id));
    t.clock.set(new Date('2026-04-30T09:00:00Z'));
    expect(await renewLocalSubscription(t.db, subscription?.id ?? '', t.clock.now())).toBe(
      'renewed',
    );
    await charge(buyer, 'search-3', 2, 0);
    expect(await summaryOf(buyer)).toMatchObject({
      currentPeriodEnd: '2026-05-31T09:00:00.000Z',
      usage: { credits: { used: 2, granted: 500 }, leadSearches: { used: 0, granted: 50 } },
    });
  });

  it('a yearly plan renews a year on and grants the year’s credits', async () => {
    t.clock.set(new Date('2026-02-10T12:00:00Z'));
    const buyer = await activeUser(t);
    const session = await startCheckout(t, buyer.token, 'price_starter_year');
    await call(t, buyer.token, 'POST', '/api/checkout/local/confirm', {
      clientSecret: session.client_secret,
      ...goodCard,
    });
    expect(await summaryOf(buyer)).toMatchObject({
      plan: 'Starter Yearly',
      interval: 'year',
      currentPeriodEnd: '2027-02-10T12:00:00.000Z',
      usage: { credits: { used: 0, granted: 6000 }, leadSearches: { used: 0, granted: 600 } },
    });
  });

  it('refuses a caller without a token', async () => {
    const response = await call(t, undefined, 'GET', '/api/checkout/subscription');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'User unauthorized.' });
  });
});
