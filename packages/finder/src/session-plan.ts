import { randomBytes } from 'node:crypto';
import type { CatchAllVerdict } from './catch-all-cache.ts';
import type { LookupRow } from './lookup-rows.ts';
import { classifyRcpt, type SmtpReply } from './smtp-reply.ts';

// Rows of one domain that share a session in findBatch.
const rowsPerSession = 25;
// Without a learnt pattern, the most frequent patterns go first; the rest only for rows
// that found no exact match among them.
const firstStageCandidates = 4;

// What the plan reads of a domain's lookup so far.
export interface PlanState {
  replies: ReadonlyMap<string, SmtpReply>;
  // The random address of the catch-all probe, and the verdict while it is open (null).
  probeAddress: string;
  catchAll: boolean | null;
  learnt: string | null;
  known: boolean;
  // Addresses more than one row produced.
  ambiguous: ReadonlySet<string>;
}

// Rows of a batch grouped by domain, in the order the domains first appear, at most
// `rowsPerSession` to a group: one DNS resolution and one session per group.
export function sessionGroups(
  domains: readonly string[],
): Array<{ domain: string; rows: number[] }> {
  const byDomain = new Map<string, number[]>();
  domains.forEach((domain, index) => {
    const group = byDomain.get(domain) ?? [];
    group.push(index);
    byDomain.set(domain, group);
  });
  const groups: Array<{ domain: string; rows: number[] }> = [];
  for (const [domain, indexes] of byDomain) {
    for (let i = 0; i < indexes.length; i += rowsPerSession) {
      groups.push({ domain, rows: indexes.slice(i, i + rowsPerSession) });
    }
  }
  return groups;
}

// A local part nobody has: 12 hex digits, an x, 4 more.
export const catchAllProbeAddress = (
  domain: string,
  random: (bytes: number) => Buffer = randomBytes,
): string => `${random(6).toString('hex')}x${random(2).toString('hex')}@${domain}`;

// Accepted or rejected; a 4xx or no reply leaves the address to ask again.
const isDecided = (reply: SmtpReply | undefined): boolean =>
  reply !== undefined && ['accepted', 'rejected'].includes(classifyRcpt(reply));

const isAccepted = (reply: SmtpReply | undefined): boolean =>
  reply !== undefined && classifyRcpt(reply) === 'accepted';

// A row needs no more RCPTs: its address is verified, or (with a learnt pattern) the
// learnt pattern's candidate is accepted and counts as exact.
export function isSettled(row: LookupRow, state: PlanState): boolean {
  if (row.kind === 'verify') return isDecided(state.replies.get(row.candidates[0]!.email));
  if (state.learnt === null) {
    return row.candidates.some(
      (c) =>
        c.kind === 'exact' &&
        !state.ambiguous.has(c.email) &&
        isAccepted(state.replies.get(c.email)),
    );
  }
  const first = row.candidates[0];
  return (
    first?.pattern === state.learnt &&
    (first.kind === 'exact' || state.known) &&
    !state.ambiguous.has(first.email) &&
    isAccepted(state.replies.get(first.email))
  );
}

const isFullyTested = (row: LookupRow, state: PlanState): boolean =>
  row.candidates.every((c) => isDecided(state.replies.get(c.email)));

// Rows another session could still tell more about.
export const openRows = (rows: readonly LookupRow[], state: PlanState): LookupRow[] =>
  rows.filter((row) => !isSettled(row, state) && !isFullyTested(row, state));

// Stage 1: the catch-all probe while its verdict is open, then per open row the learnt
// pattern's candidate, or the most frequent ones; the address itself for a verify row.
export function firstStage(rows: readonly LookupRow[], state: PlanState): Set<string> {
  const stage = new Set<string>();
  if (state.catchAll === null && !isDecided(state.replies.get(state.probeAddress))) {
    stage.add(state.probeAddress);
  }
  for (const row of rows) {
    if (isSettled(row, state)) continue;
    const untested = row.candidates.filter((c) => !isDecided(state.replies.get(c.email)));
    const wanted =
      row.kind === 'verify'
        ? untested
        : untested.slice(0, state.learnt !== null ? 1 : firstStageCandidates);
    for (const c of wanted) stage.add(c.email);
  }
  return stage;
}

// Stage 2, after stage 1's replies: everything still undecided of the find rows still open,
// a greylisted (4xx) candidate of an earlier session too (else each retry would ask only the
// first few again). Nothing when the probe was accepted: at a catch-all domain a reply
// proves nothing.
export function secondStage(
  rows: readonly LookupRow[],
  state: PlanState,
  first: ReadonlySet<string>,
): Set<string> {
  const stage = new Set<string>();
  if (isAccepted(state.replies.get(state.probeAddress))) return stage;
  for (const row of rows) {
    if (row.kind !== 'find' || isSettled(row, state)) continue;
    for (const c of row.candidates) {
      if (!first.has(c.email) && !isDecided(state.replies.get(c.email))) stage.add(c.email);
    }
  }
  return stage;
}

// A session's replies over the earlier ones: a decided reply is never replaced.
export function mergeReplies(
  replies: Map<string, SmtpReply>,
  fresh: ReadonlyMap<string, SmtpReply>,
): void {
  for (const [rcpt, reply] of fresh) {
    if (!isDecided(replies.get(rcpt))) replies.set(rcpt, reply);
  }
}

// The domain's verdict once the probe was accepted (catch-all) or rejected; null while a
// 4xx or no reply leaves it open.
export function catchAllVerdict(
  probeAddress: string,
  reply: SmtpReply | undefined,
): CatchAllVerdict | null {
  if (reply === undefined || !isDecided(reply)) return null;
  return {
    catchAll: isAccepted(reply),
    probe: {
      email: probeAddress,
      code: reply.code,
      enhanced: reply.enhanced,
      text: reply.text,
      cached: false,
    },
  };
}
