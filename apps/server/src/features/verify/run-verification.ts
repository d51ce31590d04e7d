import { randomUUID } from 'node:crypto';
import type { VerifyEvent } from '@mailhound/contracts';
import type { Finder } from '@mailhound/finder';
import type { Db } from '../../platform/database.ts';
import { genericFailure } from '../../platform/errors.ts';
import { verdictOf } from './verdict.ts';
import {
  beginVerification,
  interruptedVerification,
  type RepeatCheck,
  settleVerification,
  type VerificationOutcome,
} from './verifications.ts';

// A verification never outlives this: the sweep (staleVerificationMs) must only meet those
// whose process died.
export const verifyDeadlineMs = 8 * 60_000;

// One verification from start to settlement, streamed like the single search: progress
// events, then the verdict (or payment_error, or error). `signal` stops the finder (the client
// went away) and the verification is still settled. A call `isRepeat` finds repeating another
// (beginVerification) starts nothing and emits nothing.
export async function runVerification(
  deps: { db: Db; finder: Finder; logFailure: (error: unknown) => void },
  verification: { userId: string; email: string },
  emit: (event: VerifyEvent) => void,
  signal: AbortSignal,
  isRepeat?: RepeatCheck,
): Promise<{ repeat: boolean }> {
  const id = randomUUID();
  const begun = await beginVerification(deps.db, { id, ...verification }, isRepeat);
  if (begun.ok === 'repeat') return { repeat: true };
  if (!begun.ok) {
    emit({ event: 'payment_error', data: begun.refusal });
    return { repeat: false };
  }
  let outcome: VerificationOutcome;
  try {
    const result = await deps.finder.verify(verification.email, {
      viewer: verification.userId,
      signal: AbortSignal.any([signal, AbortSignal.timeout(verifyDeadlineMs)]),
      onProgress: (progress) => {
        if (progress.stage !== 'done')
          emit({ event: 'progress', data: { stage: progress.stage, percent: progress.percent } });
      },
    });
    outcome = {
      verdict: verdictOf(verification.email, result),
      evidence: { ...result.evidence },
      error: null,
    };
  } catch (error) {
    // The finder reports network trouble as results; a throw is a bug, and still settled.
    deps.logFailure(error);
    outcome = { verdict: null, evidence: null, error: genericFailure };
  }
  const { charged, interrupted } = await settleVerification(deps.db, { id, outcome });
  if (interrupted) {
    emit({ event: 'error', data: { _id: id, error: interruptedVerification } });
    return { repeat: false };
  }
  if (outcome.verdict === null) {
    emit({ event: 'error', data: { _id: id, error: outcome.error } });
    return { repeat: false };
  }
  emit({
    event: undefined,
    data: { ...outcome.verdict, _id: id, evidence: outcome.evidence, charged },
  });
  return { repeat: false };
}
