import { type Verdict, type VerifyEvent, verdictSchema } from '@mailhound/contracts';
import type { Finder } from '@mailhound/finder';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { genericFailure, HttpError } from '../../platform/errors.ts';
import { runVerification } from '../verify/index.ts';
import { verifications } from '../verify/schema.ts';
import { usageLimitReached } from './email-finder.ts';
import type { EmailVerifierAnswer } from './hunter-schemas.ts';
import { v2Error } from './v2-errors.ts';

export type VerifierCallDeps = {
  db: Db;
  finder: Finder;
  logFailure: (error: unknown) => void;
  // How long a call waits for the verdict before answering 202 (0: at once).
  waitMs: number;
  // Verifications still running after their 202, awaited when the app closes.
  running: Set<Promise<void>>;
  // The credit a verification took after its call was answered 202.
  chargedLater: (credits: number) => Promise<void>;
};

// A verification of the same address by the same user this recent is answered again, free:
// Hunter's "make the same Verification again as often as you want, it will only count as a
// single request until we return the response". Longer than any verification runs.
const repeatWindow = sql`interval '10 minutes'`;

export type VerifierOutcome =
  | { status: 200; answer: EmailVerifierAnswer; credits: number }
  | { status: 202; answer: EmailVerifierAnswer; credits: 0 };

function hunterResult(status: Verdict['status']): 'deliverable' | 'undeliverable' | 'risky' {
  if (status === 'valid') return 'deliverable';
  if (status === 'invalid') return 'undeliverable';
  return 'risky';
}

function answered(email: string, verdict: Verdict): EmailVerifierAnswer {
  return {
    data: { ...verdict, result: hunterResult(verdict.status), sources: [] },
    meta: { params: { email } },
  };
}

const inProgress = (email: string): VerifierOutcome => ({
  status: 202,
  answer: { data: null, meta: { params: { email } } },
  credits: 0,
});

// The failed verification's words, as Hunter's 222 "Email Verification failed".
function failed(error: string | null): HttpError {
  if (error === genericFailure || error === null) return new HttpError(500, genericFailure);
  return v2Error(222, error, 'verification_failed');
}

// Hunter's Email Verifier on the web verifier's own path (runVerification: the same row, the
// same hold, charged for a conclusive verdict as in the web). When the verdict takes longer
// than waitMs the call answers 202 and the verification goes on; asking again answers 202
// until it is done, then its verdict, with no second charge.
export async function verifyEmail(
  deps: VerifierCallDeps,
  userId: string,
  email: string,
): Promise<VerifierOutcome> {
  const [recent] = await deps.db
    .select({ settledAt: verifications.settledAt, verdict: verifications.verdict })
    .from(verifications)
    .where(
      and(
        eq(verifications.userId, userId),
        eq(verifications.email, email),
        sql`${verifications.createdAt} > now() - ${repeatWindow}`,
      ),
    )
    .orderBy(desc(verifications.createdAt))
    .limit(1);
  if (recent && !recent.settledAt) return inProgress(email);
  if (recent?.verdict) return { status: 200, answer: answered(email, recent.verdict), credits: 0 };

  let last: VerifyEvent | undefined;
  // Whichever comes first decides the answer: the verdict ('done') or the wait's end ('late').
  let decided: 'done' | 'late' | undefined;
  let decide = () => {};
  const decision = new Promise<void>((resolve) => {
    decide = resolve;
  });
  const settle = (outcome: 'done' | 'late') => {
    if (decided) return;
    decided = outcome;
    decide();
  };
  const verification = runVerification(
    deps,
    { userId, email },
    (event) => {
      if (event.event !== 'progress') last = event;
    },
    new AbortController().signal,
  )
    .then(async () => {
      settle('done');
      if (decided === 'late' && last?.event === undefined && last?.data.charged) {
        await deps.chargedLater(1);
      }
    })
    .catch((error) => {
      deps.logFailure(error);
      settle('done');
    });
  deps.running.add(verification);
  verification.finally(() => deps.running.delete(verification));
  const timer = deps.waitMs === 0 ? settle('late') : setTimeout(() => settle('late'), deps.waitMs);
  await decision;
  clearTimeout(timer ?? undefined);
  if (decided === 'late') return inProgress(email);
  if (!last || last.event === 'progress') throw new HttpError(500, genericFailure);
  if (last.event === 'payment_error') {
    throw v2Error(429, usageLimitReached(last.data.available), 'usage_limit_reached');
  }
  if (last.event === 'error') throw failed(last.data.error);
  return {
    status: 200,
    answer: answered(email, verdictSchema.parse(last.data)),
    credits: last.data.charged ? 1 : 0,
  };
}
