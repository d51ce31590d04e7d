import type { CatchAllProbe } from './catch-all-cache.ts';
import type { DomainLookup, MxUsed } from './domain-lookup.ts';
import { type AddressFlags, flagsFor } from './flags.ts';
import type { LookupRow } from './lookup-rows.ts';
import type { MailHost } from './mail-route.ts';
import { ownerKey } from './names.ts';
import type { PatternKnowledge, PatternObservation } from './pattern-knowledge.ts';
import type { Candidate } from './patterns.ts';
import { type CandidateEvidence, type ScoreOutcome, scoreFind, scoreVerify } from './score.ts';
import { classifyRcpt, type SmtpReply } from './smtp-reply.ts';

export interface FinderEvidence {
  domain: string;
  // The MX host that answered, with the address used.
  mx: MxUsed | null;
  mxHosts: MailHost[];
  implicitMx: boolean;
  catchAll: boolean | null;
  catchAllProbe: CatchAllProbe | null;
  // The pattern most verified addresses at the domain follow, and the counts behind it.
  learntPattern: string | null;
  patternKnowledge: PatternKnowledge | null;
  // Whether that pattern is known with confidence (README: the score rule).
  knownPattern: boolean;
  pattern: string | null;
  candidates: CandidateEvidence[];
  // SMTP sessions opened for the lookup (shared by the rows of a batch).
  sessions: number;
  attempts: number;
  reason: string;
  detail: string | null;
  flags: AddressFlags;
  timings: { dnsMs: number; smtpMs: number; totalMs: number };
}

export interface FindResult {
  exactEmail: string | null;
  exactEmailScore: number;
  error?: string;
  evidence: FinderEvidence;
}

// Each candidate with the reply it got, 'untested' when it was never asked.
export const candidateEvidence = (
  candidates: readonly Candidate[],
  replies: ReadonlyMap<string, SmtpReply>,
): CandidateEvidence[] =>
  candidates.map((c) => {
    const reply = replies.get(c.email);
    return {
      email: c.email,
      pattern: c.pattern,
      kind: c.kind,
      status: reply ? classifyRcpt(reply) : 'untested',
      code: reply ? reply.code : null,
      enhanced: reply ? reply.enhanced : null,
      text: reply ? reply.text : null,
    };
  });

// Whether the learnt pattern is known by the thresholds of this domain's kind: stricter at a
// catch-all domain, where it alone speaks for the person.
const knownHere = (lookup: DomainLookup): boolean =>
  lookup.catchAll === true ? lookup.known : lookup.knownWhereRefused;

// The score rule (api-spec §8) over the row's candidates; a lookup that failed answers
// with its error and no address.
export function scoreRow(
  row: LookupRow,
  lookup: DomainLookup,
  candidates: CandidateEvidence[],
  ambiguous: ReadonlySet<string>,
  proven: ReadonlySet<string> = new Set(),
): ScoreOutcome {
  if (lookup.error) return { exactEmail: null, score: 0, pattern: null, reason: lookup.error };
  if (row.kind === 'verify') {
    const only = candidates[0];
    return only
      ? scoreVerify(only.email, {
          status: only.status,
          catchAll: lookup.catchAll,
          bounced: lookup.bounced.has(only.email),
        })
      : { exactEmail: null, score: 0, pattern: null, reason: 'Not an e-mail address' };
  }
  return scoreFind({
    candidates,
    catchAll: lookup.catchAll,
    learntPattern: lookup.learnt,
    knownPattern: knownHere(lookup) ? lookup.learnt : null,
    ambiguous,
    proven,
  });
}

// What a row teaches about the domain's pattern. A single exact match is a verified address.
// At a domain that refuses unknown recipients, one accepted possible-kind address (`first@`,
// `firstl`, …) while every exact-kind candidate was refused is the person's address too,
// unless another row produced it: an observation of that pattern (source `smtp`).
export function rowObservation(
  row: LookupRow,
  score: ScoreOutcome,
  candidates: readonly CandidateEvidence[],
  lookup: Pick<DomainLookup, 'catchAll'>,
  ambiguous: ReadonlySet<string>,
): PatternObservation | null {
  if (row.kind !== 'find' || !score.exactEmail || !score.pattern) return null;
  const owner = ownerKey(row.firstName, row.lastName);
  if (score.score === 99)
    return { pattern: score.pattern, email: score.exactEmail, source: 'verified', owner };
  const exactKind = candidates.filter((c) => c.kind === 'exact');
  const onlyPossible =
    score.score === 60 &&
    lookup.catchAll === false &&
    !ambiguous.has(score.exactEmail) &&
    exactKind.length > 0 &&
    exactKind.every((c) => c.status === 'rejected');
  return onlyPossible
    ? { pattern: score.pattern, email: score.exactEmail, source: 'smtp', owner }
    : null;
}

export function findResult(input: {
  domain: string;
  lookup: DomainLookup;
  row: LookupRow;
  candidates: CandidateEvidence[];
  score: ScoreOutcome;
  totalMs: number;
}): FindResult {
  const { domain, lookup, row, score } = input;
  const localPart =
    row.kind === 'verify' ? row.localPart : (score.exactEmail?.split('@')[0] ?? null);
  return {
    exactEmail: score.exactEmail,
    exactEmailScore: score.score,
    ...(lookup.error ? { error: lookup.error } : {}),
    evidence: {
      domain,
      mx: lookup.mx,
      mxHosts: lookup.mxHosts,
      implicitMx: lookup.implicit,
      catchAll: lookup.catchAll,
      catchAllProbe: lookup.probe,
      learntPattern: lookup.learnt,
      patternKnowledge: lookup.knowledge,
      knownPattern: knownHere(lookup),
      pattern: score.pattern,
      candidates: input.candidates,
      sessions: lookup.sessions,
      attempts: lookup.attempts,
      reason: lookup.error ?? score.reason,
      detail: lookup.detail,
      flags: flagsFor(domain, localPart),
      timings: { dnsMs: lookup.dnsMs, smtpMs: lookup.smtpMs, totalMs: input.totalMs },
    },
  };
}

// Addresses that are not this row's exact match: another row produced them, they bounced, or
// we know they are someone else's (a namesake colleague who owns `first@`).
export function notTheirs(
  row: LookupRow,
  shared: ReadonlySet<string>,
  owners: ReadonlyMap<string, string>,
): ReadonlySet<string> {
  if (row.kind !== 'find' || owners.size === 0) return shared;
  const own = ownerKey(row.firstName, row.lastName);
  const others = row.candidates.filter((c) => {
    const owner = owners.get(c.email);
    return owner !== undefined && owner !== own;
  });
  return others.length === 0 ? shared : new Set([...shared, ...others.map((c) => c.email)]);
}

// This row's candidates that a reply proved are the person's own: the address replied to our
// mail and its owner is this name. Mail that only arrived (`deliveredOnly`) proves the mailbox
// exists, so it speaks for the person only through an address carrying their full name: a
// `first@` reached unbounced could be any namesake's.
export function provenTheirs(
  row: LookupRow,
  repliedBy: ReadonlyMap<string, string>,
  deliveredOnly: ReadonlySet<string> = new Set(),
): ReadonlySet<string> {
  if (row.kind !== 'find' || repliedBy.size === 0) return new Set();
  const own = ownerKey(row.firstName, row.lastName);
  return new Set(
    row.candidates
      .filter((c) => repliedBy.get(c.email) === own)
      .filter((c) => c.kind === 'exact' || !deliveredOnly.has(c.email))
      .map((c) => c.email),
  );
}
