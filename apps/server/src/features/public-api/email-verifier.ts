import { type Verdict, type VerifyEvent, verdictSchema } from '@mailhound/contracts';
import type { Finder } from '@mailhound/finder';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../platform/database.ts';
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

// Hunter's Email Verifier on the web verifier's own path (runVerification: the same row, the
// same hold, charged for a conclusive verdict as in the web). When the verdict takes longer
// than waitMs the call answers 202 and the verification goes on; asking again answers 202
// until it is done, then its verdict, with no second charge.
// The user's latest verification of the address within the repeat window.
async function recentVerification(db: Queryable, userId: string, email: string) {
  const [recent] = await db
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
  return recent;
}

function repeated(
  email: string,
  recent: Awaited<ReturnType<typeof recentVerification>>,
): VerifierOutcome | undefined {
  if (recent && !recent.settledAt) return inProgress(email);
  if (recent?.verdict) return { status: 200, answer: answered(email, recent.verdict), credits: 0 };
  return undefined;
}

export async function verifyEmail(
  deps: VerifierCallDeps,
  userId: string,
  email: string,
): Promise<VerifierOutcome> {
  const answeredBefore = repeated(email, await recentVerification(deps.db, userId, email));
  if (answeredBefore) return answeredBefore;

  let last: VerifyEvent | undefined;
  // Another call for the address started first (between the look above and the start).
  let startedElsewhere = false;
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
    async (tx) => repeated(email, await recentVerification(tx, userId, email)) !== undefined,
  )
    .then(async (started) => {
      startedElsewhere = started.repeat;
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
  if (startedElsewhere) {
    return repeated(email, await recentVerification(deps.db, userId, email)) ?? inProgress(email);
  }
  if (last?.event === 'payment_error') {
    throw v2Error(429, usageLimitReached(last.data.available), 'usage_limit_reached');
  }
  // The verifier tells a mail server's odd answer as a verdict (unknown, with its reason); an
  // error event is a failure of ours.
  if (!last || last.event !== undefined) throw new HttpError(500, genericFailure);
  return {
    status: 200,
    answer: answered(email, verdictSchema.parse(last.data)),
    credits: last.data.charged ? 1 : 0,
  };
}
