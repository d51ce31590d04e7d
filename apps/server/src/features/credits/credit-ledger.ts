import { searchMessages } from '@mailhound/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/database.ts';
import { HttpError } from '../../platform/errors.ts';
import { type CreditEntryKind, creditAccounts, creditEntries } from './schema.ts';

export type CreditBalances = { balance: number; onHold: number; leadSearchBalance: number };

export type CreditEntry = {
  userId: string;
  kind: CreditEntryKind;
  // Always ≥ 0; the kind says in which direction it moves the balances.
  amount: number;
  leadAmount?: number;
  // The same key applied twice has one effect (a retried job, a replayed webhook).
  idempotencyKey: string;
};

export class InsufficientCreditsError extends HttpError {
  constructor() {
    super(402, searchMessages.noCreditsAvailable);
  }
}

// The ledger's arithmetic, without I/O: grants add, a hold reserves part of the available
// balance (balance − onHold), a release frees it, a charge or a refund takes from what is
// available.
export function nextBalances(current: CreditBalances, entry: CreditEntry): CreditBalances {
  const amount = entry.amount;
  const leadAmount = entry.leadAmount ?? 0;
  if (!Number.isInteger(amount) || amount < 0 || !Number.isInteger(leadAmount) || leadAmount < 0) {
    throw new RangeError('credit amounts are whole numbers ≥ 0');
  }
  const available = current.balance - current.onHold;
  switch (entry.kind) {
    case 'plan_grant':
    case 'purchase':
    case 'bonus':
      return {
        balance: current.balance + amount,
        onHold: current.onHold,
        leadSearchBalance: current.leadSearchBalance + leadAmount,
      };
    case 'hold':
      if (amount > available) throw new InsufficientCreditsError();
      return { ...current, onHold: current.onHold + amount };
    case 'release':
      if (amount > current.onHold) throw new RangeError('cannot release more than is on hold');
      return { ...current, onHold: current.onHold - amount };
    case 'charge':
    case 'refund':
      if (amount > available || leadAmount > current.leadSearchBalance) {
        throw new InsufficientCreditsError();
      }
      return {
        balance: current.balance - amount,
        onHold: current.onHold,
        leadSearchBalance: current.leadSearchBalance - leadAmount,
      };
  }
}

// A refund takes back at most what is still available: credits spent, or on hold for a search
// under way, are not taken, and the balance never goes below zero.
export function clampRefund(current: CreditBalances, entry: CreditEntry): CreditEntry {
  return {
    ...entry,
    amount: Math.max(0, Math.min(entry.amount, current.balance - current.onHold)),
    leadAmount: Math.max(0, Math.min(entry.leadAmount ?? 0, current.leadSearchBalance)),
  };
}

// Applies one entry inside the caller's transaction: the account row is locked first, so
// concurrent entries for one user queue up and the balance can never go below zero.
export async function applyCreditEntry(
  tx: Tx,
  requested: CreditEntry,
): Promise<{ applied: boolean; balances: CreditBalances }> {
  let entry = requested;
  await tx.insert(creditAccounts).values({ userId: entry.userId }).onConflictDoNothing();
  const [account] = await tx
    .select({
      balance: creditAccounts.balance,
      onHold: creditAccounts.onHold,
      leadSearchBalance: creditAccounts.leadSearchBalance,
    })
    .from(creditAccounts)
    .where(eq(creditAccounts.userId, entry.userId))
    .for('update');
  if (!account) throw new Error(`no credit account for ${entry.userId}`);
  const [known] = await tx
    .select({ id: creditEntries.id })
    .from(creditEntries)
    .where(eq(creditEntries.idempotencyKey, entry.idempotencyKey));
  if (known) return { applied: false, balances: account };

  if (entry.kind === 'refund') entry = clampRefund(account, entry);
  const balances = nextBalances(account, entry);
  const inserted = await tx
    .insert(creditEntries)
    .values({
      userId: entry.userId,
      kind: entry.kind,
      amount: entry.amount,
      leadAmount: entry.leadAmount ?? 0,
      idempotencyKey: entry.idempotencyKey,
    })
    .onConflictDoNothing({ target: creditEntries.idempotencyKey })
    .returning({ id: creditEntries.id });
  if (inserted.length === 0) return { applied: false, balances: account };
  await tx
    .update(creditAccounts)
    .set({ ...balances, updatedAt: new Date() })
    .where(eq(creditAccounts.userId, entry.userId));
  return { applied: true, balances };
}
