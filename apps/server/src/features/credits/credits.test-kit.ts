import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { activeUser } from '../../test/auth-fixtures.ts';
import type { TestContext } from '../../test/test-context.ts';
import { applyCreditEntry } from './credit-ledger.ts';
import { creditAccounts } from './schema.ts';

// Helpers for tests of priced work: a user's balance and hold, and a user with a given
// number of credits (an active account starts with 25).

export async function balancesOf(db: Db, userId: string) {
  const [row] = await db.select().from(creditAccounts).where(eq(creditAccounts.userId, userId));
  return { balance: row?.balance, onHold: row?.onHold };
}

export async function userWithCredits(t: TestContext, credits: number) {
  const user = await activeUser(t);
  await t.db.transaction((tx) =>
    applyCreditEntry(tx, {
      userId: user.id,
      kind: 'charge',
      amount: 25 - credits,
      idempotencyKey: `test-drain:${user.id}`,
    }),
  );
  return user;
}
