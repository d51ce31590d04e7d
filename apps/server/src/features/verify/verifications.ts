import {
  CREDITS_PER_VERIFICATION,
  isChargedVerdict,
  type SearchPaymentErrorData,
  searchMessages,
  type Verdict,
} from '@mailhound/contracts';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../platform/database.ts';
import {
  availableCredits,
  holdCredits,
  InsufficientCreditsError,
  readAccountSummary,
  settleHold,
} from '../credits/index.ts';
import { saveVerdict } from './address-verdicts.ts';
import { verifications } from './schema.ts';

export function verificationReference(id: string): string {
  return `verify:${id}`;
}

export type RepeatCheck = (tx: Queryable) => Promise<boolean>;

// Starts a verification: its row and one credit on hold, in one transaction; or, when the
// credit is not there, the refusal and nothing written. The hold is what makes parallel
// verifications share the balance: each takes its credit before the mail server is asked.
// With `isRepeat`, nothing starts when it says the call repeats one already made: it runs in
// the starting transaction under a lock on (user, address), so of parallel calls for one
// address it sees every row the others started (the /v2 verifier's free repeats).
export async function beginVerification(
  db: Db,
  verification: { id: string; userId: string; email: string },
  isRepeat?: RepeatCheck,
): Promise<{ ok: true } | { ok: false; refusal: SearchPaymentErrorData } | { ok: 'repeat' }> {
  try {
    return await db.transaction(async (tx) => {
      if (isRepeat) {
        const key = `${verification.userId} ${verification.email}`;
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
        if (await isRepeat(tx)) return { ok: 'repeat' as const };
      }
      await tx.insert(verifications).values(verification);
      await holdCredits(tx, {
        userId: verification.userId,
        amount: CREDITS_PER_VERIFICATION,
        reference: verificationReference(verification.id),
      });
      return { ok: true as const };
    });
  } catch (error) {
    if (!(error instanceof InsufficientCreditsError)) throw error;
    const available = availableCredits(await readAccountSummary(db, verification.userId));
    return {
      ok: false,
      refusal: {
        message: searchMessages.creditsShort,
        required: CREDITS_PER_VERIFICATION,
        available,
      },
    };
  }
}

export type VerificationOutcome =
  | { verdict: Verdict; evidence: Record<string, unknown>; error: null }
  | { verdict: null; evidence: null; error: string };

// Completes a verification: its row and its credit (charged for valid or invalid, released
// otherwise) in one transaction. One the sweep already settled (its credit released) stays
// interrupted: its late verdict is neither stored nor to be shown (`interrupted`).
export async function settleVerification(
  db: Db,
  verification: { id: string; outcome: VerificationOutcome },
): Promise<{ charged: boolean; interrupted: boolean }> {
  const { outcome } = verification;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        userId: verifications.userId,
        createdAt: verifications.createdAt,
        settledAt: verifications.settledAt,
      })
      .from(verifications)
      .where(eq(verifications.id, verification.id))
      .for('update');
    if (!row) throw new Error(`verification ${verification.id} has no row`);
    if (row.settledAt !== null) return { charged: false, interrupted: true };
    const { charged } = await settleHold(tx, {
      userId: row.userId,
      amount: CREDITS_PER_VERIFICATION,
      reference: verificationReference(verification.id),
      charge: outcome.verdict !== null && isChargedVerdict(outcome.verdict.status),
    });
    await tx
      .update(verifications)
      .set({
        status: outcome.verdict?.status ?? null,
        verdict: outcome.verdict,
        evidence: outcome.evidence,
        error: outcome.error,
        charged,
        settledAt: sql`now()`,
      })
      .where(eq(verifications.id, verification.id));
    // Judged when the verification began: the mail server was asked after.
    if (outcome.verdict) await saveVerdict(tx, row.userId, outcome.verdict, row.createdAt);
    return { charged, interrupted: false };
  });
}

export const interruptedVerification = 'The verification was interrupted. Please try again.';
// Longer than any verification runs (verifyDeadlineMs), so only those whose process died.
export const staleVerificationMs = 10 * 60_000;

// Settles verifications that never finished (their process crashed): the held credit is
// released and the row says so. Rows being settled right now are skipped, not waited for.
export async function sweepStaleVerifications(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - staleVerificationMs);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: verifications.id, userId: verifications.userId })
      .from(verifications)
      .where(and(isNull(verifications.settledAt), lt(verifications.createdAt, cutoff)))
      .for('update', { skipLocked: true });
    for (const row of rows) {
      await settleHold(tx, {
        userId: row.userId,
        amount: CREDITS_PER_VERIFICATION,
        reference: verificationReference(row.id),
        charge: false,
      });
      await tx
        .update(verifications)
        .set({ error: interruptedVerification, settledAt: now })
        .where(eq(verifications.id, row.id));
    }
    return rows.length;
  });
}
