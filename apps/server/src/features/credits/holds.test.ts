import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans } from '../../platform/account-schema.ts';
import { activeUser } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { InsufficientCreditsError } from './credit-ledger.ts';
import { entriesOfHold, holdCredits, settleHold } from './holds.ts';
import { applyFreePlanCredits } from './queries.ts';
import { creditAccounts } from './schema.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function balancesOf(userId: string) {
  const [row] = await t.db.select().from(creditAccounts).where(eq(creditAccounts.userId, userId));
  return { balance: row?.balance, onHold: row?.onHold };
}

describe('held credits', () => {
  it('charges a hold once, however often it is settled', async () => {
    const user = await activeUser(t);
    const hold = { userId: user.id, amount: 1, reference: 'search:a' };
    await t.db.transaction((tx) => holdCredits(tx, hold));
    expect(await balancesOf(user.id)).toEqual({ balance: 25, onHold: 1 });
    const first = await t.db.transaction((tx) => settleHold(tx, { ...hold, charge: true }));
    const again = await t.db.transaction((tx) => settleHold(tx, { ...hold, charge: true }));
    expect([first.charged, again.charged]).toEqual([true, false]);
    expect(await balancesOf(user.id)).toEqual({ balance: 24, onHold: 0 });
    const kinds = (await entriesOfHold(t.db, user.id, 'search:a')).map((entry) => entry.kind);
    expect(kinds).toEqual(['hold', 'release', 'charge']);
  });

  it('lets the last available credit be held and then charged', async () => {
    const user = await activeUser(t);
    for (let i = 0; i < 24; i += 1) {
      await t.db.transaction((tx) =>
        holdCredits(tx, { userId: user.id, amount: 1, reference: `search:fill-${i}` }),
      );
    }
    const last = { userId: user.id, amount: 1, reference: 'search:last' };
    await t.db.transaction((tx) => holdCredits(tx, last));
    await expect(
      t.db.transaction((tx) =>
        holdCredits(tx, { userId: user.id, amount: 1, reference: 'search:one-too-many' }),
      ),
    ).rejects.toBeInstanceOf(InsufficientCreditsError);
    const settled = await t.db.transaction((tx) => settleHold(tx, { ...last, charge: true }));
    expect(settled.charged).toBe(true);
    expect(await balancesOf(user.id)).toEqual({ balance: 24, onHold: 24 });
  });

  it('does nothing for a reference that was never held', async () => {
    const user = await activeUser(t);
    const settled = await t.db.transaction((tx) =>
      settleHold(tx, { userId: user.id, amount: 1, reference: 'search:never', charge: true }),
    );
    expect(settled.charged).toBe(false);
    expect(await balancesOf(user.id)).toEqual({ balance: 25, onHold: 0 });
  });
});

describe('FREE_PLAN_CREDITS', () => {
  it('sets the Free plan’s monthly credits, which new accounts then receive', async () => {
    await applyFreePlanCredits(t.db, 1);
    const [free] = await t.db.select().from(plans).where(eq(plans.name, 'Free'));
    expect(free?.rules).toMatchObject({ credits: 1, lead_search_credits: 10 });
    const user = await activeUser(t);
    expect(await balancesOf(user.id)).toEqual({ balance: 1, onHold: 0 });
    await applyFreePlanCredits(t.db, 25);
  });
});
