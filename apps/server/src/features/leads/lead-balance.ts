import { createHash } from 'node:crypto';
import { type CompanyFilters, companyMessages } from '@mailhound/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { paymentRequired } from '../../platform/errors.ts';
import { canonicalFilters } from '../companies/index.ts';
import {
  applyCreditEntry,
  InsufficientCreditsError,
  readAccountSummary,
} from '../credits/index.ts';
import { creditEntries } from '../credits/schema.ts';

// Lead searches are a balance of their own in the ledger (lead_amount). One search is spent
// per new set of filters, for all its pages; the same filters again on the same (UTC) day are
// free, so paging, going back and forth or reloading costs nothing.
export const leadSearchesPerSearch = 1;

export function leadSearchKey(userId: string, filters: CompanyFilters, at: Date): string {
  const digest = createHash('sha256').update(canonicalFilters(filters)).digest('hex').slice(0, 32);
  return `lead_search:${userId}:${at.toISOString().slice(0, 10)}:${digest}`;
}

export async function alreadyPaid(db: Db, key: string): Promise<boolean> {
  const [entry] = await db
    .select({ id: creditEntries.id })
    .from(creditEntries)
    .where(eq(creditEntries.idempotencyKey, key));
  return entry !== undefined;
}

export async function leadSearchBalance(db: Db, userId: string): Promise<number> {
  return (await readAccountSummary(db, userId))?.leadSearchBalance ?? 0;
}

// Refuses a new search when nothing is left (402).
export async function ensureLeadSearchLeft(db: Db, userId: string): Promise<void> {
  if ((await leadSearchBalance(db, userId)) <= 0) {
    throw paymentRequired(companyMessages.noLeadSearches);
  }
}

// Takes one lead search for the filters; a key already taken takes nothing.
export async function spendLeadSearch(db: Db, userId: string, key: string): Promise<void> {
  try {
    await db.transaction((tx) =>
      applyCreditEntry(tx, {
        userId,
        kind: 'charge',
        amount: 0,
        leadAmount: leadSearchesPerSearch,
        idempotencyKey: key,
      }),
    );
  } catch (error) {
    if (error instanceof InsufficientCreditsError) {
      throw paymentRequired(companyMessages.noLeadSearches);
    }
    throw error;
  }
}
