import type { PatternKind } from './patterns.ts';
import type { RcptStatus } from './smtp-reply.ts';

// api-spec §8, score tooltips.
export const scoreTexts = {
  99: 'Single exact match',
  95: 'Multiple exact matches or catch-all with known pattern',
  60: 'Single possible valid email',
  50: 'Multiple possible valid email or catch-all',
} as const;

export interface CandidateEvidence {
  email: string;
  pattern: string;
  kind: PatternKind;
  status: RcptStatus | 'untested';
  code: number | null;
  enhanced: string | null;
  text: string | null;
}

export interface FindScoreInput {
  // In the order they were generated (learnt pattern first, then by frequency).
  candidates: CandidateEvidence[];
  // true: the random probe was accepted; false: it was refused (5xx); null: unknown.
  catchAll: boolean | null;
  // The pattern most verified addresses at the domain follow (preferred among equals).
  learntPattern: string | null;
  // The learnt pattern when it is known with confidence (isKnownPattern), else null.
  knownPattern: string | null;
  // Addresses that are nobody's exact match: another row of the same batch also produced
  // them (two Johns at one company), or they bounced (they do not exist).
  ambiguous: ReadonlySet<string>;
  // Addresses a reply proved are this person's own (they replied from it to our mail).
  proven?: ReadonlySet<string>;
}

export interface ScoreOutcome {
  exactEmail: string | null;
  score: number;
  pattern: string | null;
  reason: string;
}

// An accepted address counts as an exact match when nobody else could own it: its pattern
// is 'exact' or is the domain's known pattern, and no other row produced it.
export function isExactMatch(candidate: CandidateEvidence, input: FindScoreInput): boolean {
  return (
    (candidate.kind === 'exact' || candidate.pattern === input.knownPattern) &&
    !input.ambiguous.has(candidate.email)
  );
}

const none = (reason: string): ScoreOutcome => ({
  exactEmail: null,
  score: 0,
  pattern: null,
  reason,
});

export function scoreFind(input: FindScoreInput): ScoreOutcome {
  const { candidates, catchAll, learntPattern, knownPattern } = input;
  if (catchAll === true) {
    // At a catch-all domain the person's own reply speaks for them, whatever its pattern;
    // otherwise only a confidently known pattern that carries the full name does: `first@`
    // there could be anyone's.
    const replied = candidates.find(
      (c) => input.proven?.has(c.email) && !input.ambiguous.has(c.email),
    );
    if (replied)
      return {
        exactEmail: replied.email,
        score: 95,
        pattern: replied.pattern,
        reason: scoreTexts[95],
      };
    const known = knownPattern
      ? candidates.find(
          (c) => c.pattern === knownPattern && c.kind === 'exact' && !input.ambiguous.has(c.email),
        )
      : undefined;
    if (known)
      return { exactEmail: known.email, score: 95, pattern: known.pattern, reason: scoreTexts[95] };
    const guess = candidates.find((c) => !input.ambiguous.has(c.email)) ?? candidates[0];
    if (!guess) return none('No candidate address for this name');
    return { exactEmail: guess.email, score: 50, pattern: guess.pattern, reason: scoreTexts[50] };
  }
  const accepted = candidates.filter((c) => c.status === 'accepted');
  if (catchAll === null) {
    // Without a refused probe an acceptance proves nothing about the person.
    const first = accepted[0];
    if (first)
      return { exactEmail: first.email, score: 50, pattern: first.pattern, reason: scoreTexts[50] };
    return none(
      candidates.some((c) => c.status === 'tempfail') ? 'Greylisted: unknown' : 'Unknown',
    );
  }
  const exact = accepted.filter((c) => isExactMatch(c, input));
  const preferred = (list: CandidateEvidence[]) =>
    list.find((c) => c.pattern === learntPattern) ?? list[0]!;
  if (exact.length === 1) {
    return {
      exactEmail: exact[0]!.email,
      score: 99,
      pattern: exact[0]!.pattern,
      reason: scoreTexts[99],
    };
  }
  if (exact.length > 1) {
    const pick = preferred(exact);
    return { exactEmail: pick.email, score: 95, pattern: pick.pattern, reason: scoreTexts[95] };
  }
  if (accepted.length === 1) {
    return {
      exactEmail: accepted[0]!.email,
      score: 60,
      pattern: accepted[0]!.pattern,
      reason: scoreTexts[60],
    };
  }
  if (accepted.length > 1) {
    const pick = preferred(accepted);
    return { exactEmail: pick.email, score: 50, pattern: pick.pattern, reason: scoreTexts[50] };
  }
  if (candidates.some((c) => c.status === 'tempfail' || c.status === 'error')) {
    return none('The mail server asked to try again later');
  }
  return none('No candidate address was accepted');
}

export interface VerifyScoreInput {
  status: RcptStatus | 'untested';
  catchAll: boolean | null;
  // The address bounced before: accepted or not, it is never certain again.
  bounced?: boolean;
}

export function scoreVerify(email: string, input: VerifyScoreInput): ScoreOutcome {
  if (input.status !== 'accepted') {
    return none(
      input.status === 'rejected'
        ? 'The mail server rejected this address'
        : 'The mail server asked to try again later',
    );
  }
  if (input.catchAll === false && !input.bounced)
    return { exactEmail: email, score: 99, pattern: null, reason: scoreTexts[99] };
  return { exactEmail: email, score: 50, pattern: null, reason: scoreTexts[50] };
}
