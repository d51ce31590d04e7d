import { paymentMessages } from '@mailhound/contracts';
import type { Db } from '../../platform/database.ts';
import { badRequest } from '../../platform/errors.ts';
import { applyCreditEntry } from '../credits/index.ts';

// The one-time bonus: its ledger key is the user's, so it is granted once whatever happens.
export async function claimOneTimeBonus(
  db: Db,
  userId: string,
  amount: number,
): Promise<{ amount: number }> {
  const result = await db.transaction((tx) =>
    applyCreditEntry(tx, { userId, kind: 'bonus', amount, idempotencyKey: `bonus:${userId}` }),
  );
  if (!result.applied) throw badRequest(paymentMessages.bonusAlreadyReceived);
  return { amount };
}
