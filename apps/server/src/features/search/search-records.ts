import {
  CREDITS_PER_SEARCH,
  GUEST_ALLOWANCE,
  GUEST_COUNTED_SCORE,
  searchMessages,
  VERIFIED_SCORE,
  type Verdict,
} from '@mailhound/contracts';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/database.ts';
import {
  claimPaidAddresses,
  holdCredits,
  InsufficientCreditsError,
  isHoldOpen,
  readAccountSummary,
  settleHold,
} from '../credits/index.ts';
import { saveVerdict } from '../verify/index.ts';
import { foundEmails, type SearchQuery, searchHistory } from './schema.ts';

export type Searcher =
  | { kind: 'user'; userId: string; clientAddress: string }
  | { kind: 'guest'; guestId: string; clientAddress: string };

export type Refusal = {
  message: typeof searchMessages.creditsShort;
  required: number;
  available: number;
};

export function creditReference(searchId: string): string {
  return `search:${searchId}`;
}

// Guests share one allowance per guest id and per client address: a new guest id from the
// same address does not start over. Searches still running count, so that parallel requests
// cannot all pass the check.
async function guestSearchesUsed(tx: Tx, guestId: string, clientAddress: string) {
  // One guest id or address at a time: the count and the new row are one step.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`guest:${guestId}`}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`address:${clientAddress}`}))`);
  const [row] = await tx
    .select({ used: sql<number>`count(*)::int` })
    .from(searchHistory)
    .where(
      and(
        isNull(searchHistory.userId),
        sql`(${searchHistory.guestId} = ${guestId} or ${searchHistory.clientAddress} = ${clientAddress})`,
        sql`(${searchHistory.settledAt} is null or ${searchHistory.score} >= ${GUEST_COUNTED_SCORE})`,
      ),
    );
  return row?.used ?? 0;
}

// Starts a search: writes its row and, for a user, holds one credit; or says why it cannot
// start. Nothing is written when it is refused.
export async function beginSearch(
  db: Db,
  search: { id: string; searcher: Searcher; query: SearchQuery },
): Promise<{ ok: true } | { ok: false; refusal: Refusal }> {
  const { searcher } = search;
  const row = {
    id: search.id,
    userId: searcher.kind === 'user' ? searcher.userId : null,
    guestId: searcher.kind === 'guest' ? searcher.guestId : null,
    clientAddress: searcher.clientAddress,
    query: search.query,
  };
  if (searcher.kind === 'guest') {
    return db.transaction(async (tx) => {
      const used = await guestSearchesUsed(tx, searcher.guestId, searcher.clientAddress);
      if (used >= GUEST_ALLOWANCE) {
        return { ok: false as const, refusal: refusal(0) };
      }
      await tx.insert(searchHistory).values(row);
      return { ok: true as const };
    });
  }
  try {
    await db.transaction(async (tx) => {
      await tx.insert(searchHistory).values(row);
      await holdCredits(tx, {
        userId: searcher.userId,
        amount: CREDITS_PER_SEARCH,
        reference: creditReference(search.id),
      });
    });
    return { ok: true };
  } catch (error) {
    if (!(error instanceof InsufficientCreditsError)) throw error;
    const summary = await readAccountSummary(db, searcher.userId);
    const available = summary ? Math.max(0, summary.balance - summary.onHold) : 0;
    return { ok: false, refusal: refusal(available) };
  }
}

function refusal(available: number): Refusal {
  return { message: searchMessages.creditsShort, required: CREDITS_PER_SEARCH, available };
}

export type SearchOutcome = {
  exactEmail: string | null;
  score: number;
  error: string | null;
  evidence: Record<string, unknown> | null;
};

// Completes a search: its row, its credit and the found-address count, in one transaction.
// The credit is charged from 95 for an address the user has not paid for yet (duplicates are
// free, whichever search found the address first), released otherwise. A search the sweep
// already settled (its credit released) stays interrupted: its late result is neither stored
// nor to be shown (`interrupted`), or it would be a search nobody paid for.
export async function settleSearch(
  db: Db,
  // verdict: what the found address's own reply says (verdictOfFound), the user's latest on it.
  search: { id: string; outcome: SearchOutcome; verdict?: Verdict | null },
): Promise<{ charged: boolean; interrupted: boolean }> {
  const { outcome } = search;
  const verified =
    outcome.error === null && outcome.exactEmail !== null && outcome.score >= VERIFIED_SCORE;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        userId: searchHistory.userId,
        createdAt: searchHistory.createdAt,
        settledAt: searchHistory.settledAt,
      })
      .from(searchHistory)
      .where(eq(searchHistory.id, search.id))
      .for('update');
    if (!row) throw new Error(`search ${search.id} has no row`);
    if (row.settledAt !== null) return { charged: false, interrupted: true };
    const reference = creditReference(search.id);
    // The row lock keeps the sweep off, so an open hold stays open until settled here: an
    // address is claimed only by the search that pays for it.
    const unpaid =
      verified &&
      row.userId !== null &&
      outcome.exactEmail !== null &&
      (await isHoldOpen(tx, reference)) &&
      (await claimPaidAddresses(tx, row.userId, [outcome.exactEmail])) > 0;
    const { charged } = row.userId
      ? await settleHold(tx, {
          userId: row.userId,
          amount: CREDITS_PER_SEARCH,
          reference,
          charge: unpaid,
        })
      : { charged: false };
    if (verified && outcome.exactEmail) {
      await tx
        .insert(foundEmails)
        .values({ email: outcome.exactEmail.toLowerCase() })
        .onConflictDoNothing();
    }
    await tx
      .update(searchHistory)
      .set({
        result:
          outcome.error === null
            ? { exactEmail: outcome.exactEmail, exactEmailScore: outcome.score }
            : null,
        error: outcome.error,
        evidence: outcome.evidence,
        score: outcome.error === null ? outcome.score : null,
        charged,
        settledAt: sql`now()`,
      })
      .where(eq(searchHistory.id, search.id));
    // Judged when the search began: the mail server was asked after.
    if (row.userId && search.verdict) {
      await saveVerdict(tx, row.userId, search.verdict, row.createdAt);
    }
    return { charged, interrupted: false };
  });
}

export const interruptedSearch = 'The search was interrupted. Please try again.';
// Longer than any search runs (the route stops one at searchDeadlineMs), so only searches
// whose process died are swept.
export const staleSearchMs = 10 * 60_000;

// Settles searches that never finished (their process crashed): the held credit is released
// and the row says so. Rows being settled right now are skipped, not waited for.
export async function sweepStaleSearches(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - staleSearchMs);
  let swept = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: searchHistory.id, userId: searchHistory.userId })
        .from(searchHistory)
        .where(and(isNull(searchHistory.settledAt), lt(searchHistory.createdAt, cutoff)))
        .limit(100)
        .for('update', { skipLocked: true });
      for (const row of rows) {
        if (row.userId) {
          await settleHold(tx, {
            userId: row.userId,
            amount: CREDITS_PER_SEARCH,
            reference: creditReference(row.id),
            charge: false,
          });
        }
        await tx
          .update(searchHistory)
          .set({ error: interruptedSearch, settledAt: now })
          .where(eq(searchHistory.id, row.id));
      }
      return rows.length;
    });
    swept += done;
    if (done < 100) return swept;
  }
}
