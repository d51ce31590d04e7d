import { sql } from 'drizzle-orm';
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
import { planGrantsQueue } from './jobs.ts';

let t: TestContext;
let free: Buyer;
let starter: Buyer;

async function runGrants() {
  if (!t.jobs) throw new Error('jobs are off');
  return t.jobs.sendAndWait(planGrantsQueue, {});
}

beforeAll(async () => {
  // Tokens must outlive the months the clock moves through.
  t = await createBillingContext({ jobs: true, env: { TOKEN_TTL: '3650d' } });
  // Bought on the last day of a month: the calendar must not grant the plan again the next day.
  t.clock.set(new Date('2026-03-31T12:00:00Z'));
  free = await activeUser(t);
  starter = await activeUser(t);
  const session = await startCheckout(t, starter.token, 'price_starter_month');
  const paid = await call(t, starter.token, 'POST', '/api/checkout/local/confirm', {
    clientSecret: session.client_secret,
    ...goodCard,
  });
  expect(paid.statusCode, paid.body).toBe(200);
});

afterAll(async () => {
  await t.close();
});

describe('monthly grants of the default plan (pg-boss job)', () => {
  it('grants nothing more in the month that already had its grants', async () => {
    const before = [await balanceOf(t, free.token), await balanceOf(t, starter.token)];
    await runGrants();
    expect([await balanceOf(t, free.token), await balanceOf(t, starter.token)]).toEqual(before);
  });

  it('grants the free plan once in a new month, however often it runs, and a paid plan nothing', async () => {
    const freeBefore = await balanceOf(t, free.token);
    const starterBefore = await balanceOf(t, starter.token);
    t.clock.set(new Date('2026-04-01T00:07:00Z'));
    await runGrants();
    await runGrants();
    const freeAfter = await balanceOf(t, free.token);
    expect(freeAfter.balance).toBe(freeBefore.balance + 25);
    expect(freeAfter.leadSearchBalance).toBe(freeBefore.leadSearchBalance + 10);
    // The Starter payment of 31 March pays for one period: its credits came with it.
    expect(await balanceOf(t, starter.token)).toEqual(starterBefore);

    const grants = await t.db.execute<{ count: string }>(
      sql`select count(*)::text as count from credit_entries where kind = 'plan_grant' and idempotency_key like ${'%:2026-04'}`,
    );
    expect(Number(grants.rows[0]?.count)).toBe(1);
  });

  it('after a cancel, the next month grants the default plan', async () => {
    await call(t, starter.token, 'DELETE', '/api/checkout/subscription');
    const before = await balanceOf(t, starter.token);
    t.clock.set(new Date('2026-05-02T00:07:00Z'));
    await runGrants();
    expect((await balanceOf(t, starter.token)).balance).toBe(before.balance + 25);
  });
});
