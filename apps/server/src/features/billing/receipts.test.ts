import { formatReceiptDate } from '@mailhound/contracts';
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
  startCheckout,
} from './billing.test-kit.ts';

type ReceiptAnswer = {
  id: string;
  receipt_number: string | null;
  date: string;
  amount: number;
  status: string;
  receipt_url: string;
};

let t: TestContext;
let buyer: Buyer;
let receipts: ReceiptAnswer[];

async function buy(quantity: number, card = goodCard) {
  const session = await startCheckout(t, buyer.token, 'price_extra_credits', quantity);
  return call(t, buyer.token, 'POST', '/api/checkout/local/confirm', {
    clientSecret: session.client_secret,
    ...card,
  });
}

beforeAll(async () => {
  t = await createBillingContext({ env: { BONUS_CREDITS: '30' } });
  buyer = await activeUser(t);
  t.clock.set(new Date('2026-03-07T05:04:09Z'));
  await buy(10);
  t.clock.set(new Date('2026-03-08T10:00:00Z'));
  await buy(20, declinedCard);
  t.clock.set(new Date('2026-03-09T23:59:30Z'));
  await buy(40);
  receipts = (
    await call(t, buyer.token, 'GET', '/api/checkout/receipts')
  ).json() as ReceiptAnswer[];
});

afterAll(async () => {
  await t.close();
});

describe('receipts', () => {
  it('lists the newest first, dates as YYYY-MM-DD HH-MM-SS in UTC, amounts in cents', () => {
    expect(receipts.map(({ date, amount, status }) => ({ date, amount, status }))).toEqual([
      { date: '2026-03-09 23-59-30', amount: 200, status: 'paid' },
      { date: '2026-03-08 10-00-00', amount: 100, status: 'failed' },
      { date: '2026-03-07 05-04-09', amount: 50, status: 'paid' },
    ]);
    expect(receipts[2]?.date).toBe(formatReceiptDate(new Date('2026-03-07T05:04:09Z')));
  });

  it('only the owner sees them', async () => {
    const other = await activeUser(t);
    const response = await call(t, other.token, 'GET', '/api/checkout/receipts');
    expect(response.json()).toEqual([]);
    expect((await call(t, undefined, 'GET', '/api/checkout/receipts')).statusCode).toBe(401);
  });

  it('receipt_url opens a public HTML receipt; a forged signature does not', async () => {
    const paid = receipts[0];
    const url = new URL(paid?.receipt_url ?? '');
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('$2.00');
    expect(page.body).toContain(paid?.receipt_number ?? 'missing');
    expect(page.body).toContain(buyer.username.toLowerCase());

    const forged = await t.app.inject({ method: 'GET', url: `${url.pathname}?sig=forged` });
    expect(forged.statusCode).toBe(404);
    const otherId = receipts[2]?.id ?? '';
    const swapped = await t.app.inject({
      method: 'GET',
      url: `/api/checkout/receipts/${otherId}/view${url.search}`,
    });
    expect(swapped.statusCode).toBe(404);
  });
});

describe('send invoice', () => {
  it('mails the receipts through the transactional mailer (the outbox here)', async () => {
    const response = await call(t, buyer.token, 'POST', '/api/checkout/receipts/send', {
      email: 'accounts@acme.com',
      receipts: [receipts[0]],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'The invoice was sent successfully.' });
    const mail = await t.outbox.latestTo('accounts@acme.com');
    expect(mail?.subject).toBe('Your Mailhound invoice');
    expect(mail?.body).toContain(receipts[0]?.receipt_number ?? 'missing');
    expect(mail?.body).toContain('$2.00');
    expect(mail?.body).toContain(receipts[0]?.receipt_url ?? 'missing');
  });

  it("refuses someone else's receipt and sends nothing", async () => {
    const other = await activeUser(t);
    const before = (await t.outbox.all()).length;
    const response = await call(t, other.token, 'POST', '/api/checkout/receipts/send', {
      email: 'thief@acme.com',
      receipts: [receipts[0]],
    });
    expect(response.statusCode).toBe(404);
    expect((await t.outbox.all()).length).toBe(before);
  });

  it('needs a valid e-mail and at least one receipt', async () => {
    const noEmail = await call(t, buyer.token, 'POST', '/api/checkout/receipts/send', {
      email: 'not-an-email',
      receipts: [receipts[0]],
    });
    expect(noEmail.statusCode).toBe(400);
    const none = await call(t, buyer.token, 'POST', '/api/checkout/receipts/send', {
      email: 'accounts@acme.com',
      receipts: [],
    });
    expect(none.statusCode).toBe(400);
  });
});

// api-spec §8 Billing: 'User unauthorized.' on 401, which logs out (§4), whatever the payload.
describe('billing calls without a token', () => {
  it.each([
    ['/api/checkout', { priceId: '', returnUrl: 'not a url' }],
    ['/api/checkout/customer-portal', { returnUrl: 'not a url' }],
    ['/api/checkout/receipts/send', { email: 'not-an-email', receipts: [] }],
  ])("POST %s answers 401 'User unauthorized.' even for an invalid body", async (url, payload) => {
    const response = await call(t, undefined, 'POST', url, payload);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'User unauthorized.',
    });
  });
});

describe('one-time bonus', () => {
  it('grants BONUS_CREDITS once, then answers 400', async () => {
    const before = await balanceOf(t, buyer.token);
    const first = await call(t, buyer.token, 'GET', '/api/affiliates/one-time-reward');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ amount: 30 });
    expect((await balanceOf(t, buyer.token)).balance).toBe(before.balance + 30);

    const second = await call(t, buyer.token, 'GET', '/api/affiliates/one-time-reward');
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ message: 'Bonus already received' });
    expect((await balanceOf(t, buyer.token)).balance).toBe(before.balance + 30);
  });

  it('is granted once even when asked for twice at the same moment', async () => {
    const user = await activeUser(t);
    const before = await balanceOf(t, user.token);
    const answers = await Promise.all([
      call(t, user.token, 'GET', '/api/affiliates/one-time-reward'),
      call(t, user.token, 'GET', '/api/affiliates/one-time-reward'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect((await balanceOf(t, user.token)).balance).toBe(before.balance + 30);
  });
});
