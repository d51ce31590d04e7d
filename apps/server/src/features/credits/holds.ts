import { searchMessages } from '@mailhound/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Queryable, Tx } from '../../platform/database.ts';
import { HttpError } from '../../platform/errors.ts';
import { applyCreditEntry } from './credit-ledger.ts';
import { readAccountSummary } from './queries.ts';
import { creditEntries } from './schema.ts';

// The ledger entries of one held piece of work (a single search): its hold, the release that
// settles it, and the charge taken when the work is paid for. The keys make each happen once,
// whoever settles first (the search itself or the sweep after a crash).
export function holdKeys(reference: string) {
  return {
    hold: `hold:${reference}`,
    settle: `settle:${reference}`,
    charge: `charge:${reference}`,
  };
}

// The 402 of work that needs `needed` more credits than are available (api-spec §8: 'You
// need N more credits.'); the answer carries the number (creditsShortAnswerSchema).
export function creditsShort(needed: number): HttpError {
  return new HttpError(402, searchMessages.notEnoughCredits(needed), { details: { needed } });
}

// Credits not on hold; the caller locks the account row when the answer must hold.
export function availableCredits(account: { balance: number; onHold: number } | undefined) {
  return account ? Math.max(0, account.balance - account.onHold) : 0;
}

// Refuses work that will hold `amount` credits when fewer are available: an early check
// before the heavy part, the hold taken later is what reserves them.
export async function requireAvailableCredits(
  db: Queryable,
  userId: string,
  amount: number,
): Promise<void> {
  const available = availableCredits(await readAccountSummary(db, userId));
  if (available < amount) throw creditsShort(amount - available);
}

// Whether the hold is taken and not yet settled: work under it may go on.
export async function isHoldOpen(db: Queryable, reference: string): Promise<boolean> {
  const keys = holdKeys(reference);
  const entries = await db
    .select({ key: creditEntries.idempotencyKey })
    .from(creditEntries)
    .where(inArray(creditEntries.idempotencyKey, [keys.hold, keys.settle]));
  return entries.length === 1 && entries[0]?.key === keys.hold;
}

// Reserves `amount` of the available balance; throws InsufficientCreditsError when short.
export async function holdCredits(
  tx: Tx,
  hold: { userId: string; amount: number; reference: string },
): Promise<void> {
  await applyCreditEntry(tx, {
    userId: hold.userId,
    kind: 'hold',
    amount: hold.amount,
    idempotencyKey: holdKeys(hold.reference).hold,
  });
}

// Frees the hold and, when `charge` is set, takes the same amount in the same transaction
// (the account row stays locked in between, so the freed credit cannot go elsewhere).
// Settling twice has no further effect; `charged` says whether this call took the credit.
export async function settleHold(
  tx: Tx,
  hold: { userId: string; amount: number; reference: string; charge: boolean },
): Promise<{ charged: boolean }> {
  const keys = holdKeys(hold.reference);
  const [held] = await tx
    .select({ id: creditEntries.id })
    .from(creditEntries)
    .where(eq(creditEntries.idempotencyKey, keys.hold));
  if (!held) return { charged: false };
  const released = await applyCreditEntry(tx, {
    userId: hold.userId,
    kind: 'release',
    amount: hold.amount,
    idempotencyKey: keys.settle,
  });
  if (!released.applied || !hold.charge) return { charged: false };
  const charged = await applyCreditEntry(tx, {
    userId: hold.userId,
    kind: 'charge',
    amount: hold.amount,
    idempotencyKey: keys.charge,
  });
  return { charged: charged.applied };
}

// The kinds of ledger entries written for a held reference (tests and audits).
export async function entriesOfHold(db: Queryable, userId: string, reference: string) {
  const keys = holdKeys(reference);
  return db
    .select({ kind: creditEntries.kind, amount: creditEntries.amount })
    .from(creditEntries)
    .where(
      and(
        eq(creditEntries.userId, userId),
        inArray(creditEntries.idempotencyKey, [keys.hold, keys.settle, keys.charge]),
      ),
    )
    .orderBy(creditEntries.id);
}
