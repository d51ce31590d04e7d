import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser } from '../../test/auth-fixtures.ts';
import type { TestContext } from '../../test/test-context.ts';
import { planGrantsQueue } from './jobs.ts';
import {
  type Buyer,
  balanceOf,
  call,
  createBillingContext,
  goodCard,
  startCheckout,
} from './test-kit.ts';

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
  t.clock.set(new Date('2026-04-10T12:00:00Z'));
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

describe('monthly plan grants (pg-boss job)', () => {
  it('grants nothing more in the month that already had its grants', async () => {
    const before = [await balanceOf(t, free.token), await balanceOf(t, starter.token)];
    await runGrants();
    expect([await balanceOf(t, free.token), await balanceOf(t, starter.token)]).toEqual(before);
  });

  it("grants each plan's credits once in a new month, however often it runs", async () => {
    const freeBefore = await balanceOf(t, free.token);
    const starterBefore = await balanceOf(t, starter.token);
    t.clock.set(new Date('2026-05-01T00:07:00Z'));
    await runGrants();
    await runGrants();
    const freeAfter = await balanceOf(t, free.token);
    const starterAfter = await balanceOf(t, starter.token);
    expect(freeAfter.balance).toBe(freeBefore.balance + 25);
    expect(freeAfter.leadSearchBalance).toBe(freeBefore.leadSearchBalance + 10);
    expect(starterAfter.balance).toBe(starterBefore.balance + 500);
    expect(starterAfter.leadSearchBalance).toBe(starterBefore.leadSearchBalance + 50);

    const grants = await t.db.execute<{ count: string }>(
      sql`select count(*)::text as count from credit_entries where kind = 'plan_grant' and idempotency_key like ${'%:2026-05%'}`,
    );
    expect(Number(grants.rows[0]?.count)).toBe(2);
  });

  it('after a cancel, the next month grants the default plan', async () => {
    await call(t, starter.token, 'DELETE', '/api/checkout/subscription');
    const before = await balanceOf(t, starter.token);
    t.clock.set(new Date('2026-06-02T00:07:00Z'));
    await runGrants();
    expect((await balanceOf(t, starter.token)).balance).toBe(before.balance + 25);
  });
});
