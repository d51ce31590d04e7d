import { expect } from 'vitest';
import type { activeUser } from '../../test/auth-fixtures.ts';
import {
  createTestContext,
  type TestContext,
  type TestContextOptions,
} from '../../test/test-context.ts';
import { syncConfiguredPlans } from './plans.ts';

export const returnUrl = 'http://mailhound.test/checkout/return?session_id={CHECKOUT_SESSION_ID}';
export const goodCard = {
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/40',
  cvc: '123',
  name: 'Ann Lee',
};
export const declinedCard = { ...goodCard, cardNumber: '4000 0000 0000 0002' };

// A test app with the configured plans written, as `mailhound start` does.
export async function createBillingContext(options: TestContextOptions = {}): Promise<TestContext> {
  const t = await createTestContext(options);
  await syncConfiguredPlans(t.db, t.config);
  return t;
}

export type Buyer = Awaited<ReturnType<typeof activeUser>>;

export async function call(
  t: TestContext,
  token: string | undefined,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    ...(token ? { headers: { authorization: token } } : {}),
    ...(payload ? { payload } : {}),
  });
}

export async function balanceOf(t: TestContext, token: string) {
  const response = await call(t, token, 'GET', '/api/auth/user/balance');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    balance: number;
    onHold: number;
    leadSearchBalance: number;
    plan: { name: string; is_default: boolean };
  };
}

export async function startCheckout(t: TestContext, token: string, priceId: string, quantity = 1) {
  const response = await call(t, token, 'POST', '/api/checkout', { priceId, returnUrl, quantity });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { client_secret: string; sessionId: string };
}
