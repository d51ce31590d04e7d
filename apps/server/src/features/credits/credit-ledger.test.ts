import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import {
  applyCreditEntry,
  type CreditEntry,
  clampRefund,
  InsufficientCreditsError,
  nextBalances,
} from './credit-ledger.ts';
import { creditAccounts, creditEntries } from './schema.ts';

describe('nextBalances (the ledger arithmetic)', () => {
  const start = { balance: 25, onHold: 5, leadSearchBalance: 10 };
  const entry = (kind: CreditEntry['kind'], amount: number, leadAmount = 0): CreditEntry => ({
    userId: 'u',
    kind,
    amount,
    leadAmount,
    idempotencyKey: 'k',
  });

  it('adds grants, purchases and bonuses', () => {
    expect(nextBalances(start, entry('purchase', 10, 2))).toEqual({
      balance: 35,
      onHold: 5,
      leadSearchBalance: 12,
    });
  });

  it('holds and charges only what is available (balance − onHold)', () => {
    expect(nextBalances(start, entry('hold', 20))).toEqual({ ...start, onHold: 25 });
    expect(() => nextBalances(start, entry('hold', 21))).toThrow(InsufficientCreditsError);
    expect(nextBalances(start, entry('charge', 20))).toEqual({ ...start, balance: 5 });
    expect(() => nextBalances(start, entry('charge', 21))).toThrow(InsufficientCreditsError);
    expect(() => nextBalances(start, entry('charge', 0, 11))).toThrow(InsufficientCreditsError);
  });

  it('a refund takes back at most what is available, never what is on hold', () => {
    expect(nextBalances(start, clampRefund(start, entry('refund', 8, 4)))).toEqual({
      balance: 17,
      onHold: 5,
      leadSearchBalance: 6,
    });
    expect(nextBalances(start, clampRefund(start, entry('refund', 500, 50)))).toEqual({
      balance: 5,
      onHold: 5,
      leadSearchBalance: 0,
    });
  });

  it('releases at most what is on hold', () => {
    expect(nextBalances(start, entry('release', 5))).toEqual({ ...start, onHold: 0 });
    expect(() => nextBalances(start, entry('release', 6))).toThrow(RangeError);
  });

  it('refuses negative or fractional amounts', () => {
    expect(() => nextBalances(start, entry('bonus', -1))).toThrow(RangeError);
    expect(() => nextBalances(start, entry('bonus', 1.5))).toThrow(RangeError);
  });
});

describe('applyCreditEntry', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  const balances = async (userId: string) => {
    const [row] = await t.db.select().from(creditAccounts).where(eq(creditAccounts.userId, userId));
    return row;
  };
  const entriesOf = async (userId: string) =>
    t.db.select().from(creditEntries).where(eq(creditEntries.userId, userId));

  it('applies the same idempotency key once', async () => {
    const user = await activeUser(t);
    const bonus: CreditEntry = {
      userId: user.id,
      kind: 'bonus',
      amount: 5,
      idempotencyKey: `bonus:${user.id}:welcome`,
    };
    const first = await t.db.transaction((tx) => applyCreditEntry(tx, bonus));
    const second = await t.db.transaction((tx) => applyCreditEntry(tx, bonus));
    expect(first.applied).toBe(true);
    expect(second.applied).toBe(false);
    expect((await balances(user.id))?.balance).toBe(30);
    expect(await entriesOf(user.id)).toHaveLength(2);
  });

  it('never lets the balance go below zero, and a refused charge leaves no entry', async () => {
    const user = await activeUser(t);
    await expect(
      t.db.transaction((tx) =>
        applyCreditEntry(tx, {
          userId: user.id,
          kind: 'charge',
          amount: 26,
          idempotencyKey: `charge:${user.id}:too-much`,
        }),
      ),
    ).rejects.toBeInstanceOf(InsufficientCreditsError);
    expect(await balances(user.id)).toMatchObject({ balance: 25, onHold: 0 });
    expect(await entriesOf(user.id)).toHaveLength(1);
  });

  it('serialises concurrent charges: 30 charges of 1 credit on 25 credits take exactly 25', async () => {
    const user = await activeUser(t);
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        t.db.transaction((tx) =>
          applyCreditEntry(tx, {
            userId: user.id,
            kind: 'charge',
            amount: 1,
            idempotencyKey: `charge:${user.id}:${i}`,
          }),
        ),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(25);
    expect((await balances(user.id))?.balance).toBe(0);
  });

  it('moves credits through a hold, its release and a charge', async () => {
    const user = await activeUser(t);
    const apply = (kind: CreditEntry['kind'], amount: number, key: string) =>
      t.db.transaction((tx) =>
        applyCreditEntry(tx, {
          userId: user.id,
          kind,
          amount,
          idempotencyKey: `${key}:${user.id}`,
        }),
      );
    await apply('hold', 10, 'hold');
    expect(await balances(user.id)).toMatchObject({ balance: 25, onHold: 10 });
    const balance = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user/balance',
      headers: { authorization: user.token },
    });
    expect(balance.json()).toMatchObject({ balance: 25, onHold: 10 });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: user.token },
    });
    expect(me.json().userCredits).toEqual({ balanceAvailable: 15, leadSearchBalance: 10 });

    await apply('release', 10, 'release');
    await apply('charge', 4, 'charge');
    expect(await balances(user.id)).toMatchObject({ balance: 21, onHold: 0 });
  });
});
