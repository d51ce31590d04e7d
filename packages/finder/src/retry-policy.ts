import type { SmtpReply } from './smtp-reply.ts';

// A host that answered 421 on connect is asked this many times more (after its back-off).
const busyHostRetries = 2;
// A session the server dropped is opened again this many times.
const lostSessionRetries = 1;

export interface RetryCounts {
  // The session being opened, from 0: a failed open counts too.
  attempt: number;
  lostSessions: number;
  busyRetries: number;
}

export type NextStep =
  | { step: 'finish' }
  | { step: 'reconnect' }
  | { step: 'fail'; error: string }
  | { step: 'wait'; ms: number };

// A reply with code 0: the server never answered it (the connection was lost).
export const lostConnection = (replies: ReadonlyMap<string, SmtpReply>): boolean =>
  [...replies.values()].some((r) => r.code === 0);

// Before a fresh session: the recipients the lost one left unanswered are asked again.
export function forgetUnanswered(replies: Map<string, SmtpReply>): void {
  for (const [rcpt, reply] of replies) if (reply.code === 0) replies.delete(rcpt);
}

// No session opened: a busy host (421) is tried again, anything else is the answer.
export const retryAfterFailedOpen = (
  failure: { busy: boolean },
  counts: RetryCounts,
  aborted: boolean,
): boolean => failure.busy && counts.busyRetries < busyHostRetries && !aborted;

// After a session: done when the domain is catch-all or every row is answered; one fresh
// session after a dropped connection, then the error; 4xx (greylisting and friends) is never
// "invalid": wait the next of `delaysMs` and ask again, and when they are used up the rows
// still open stay unknown.
export function afterSession(input: {
  catchAll: boolean | null;
  openRows: number;
  lostConnection: boolean;
  counts: RetryCounts;
  delaysMs: readonly number[];
  aborted: boolean;
}): NextStep {
  const { counts } = input;
  if (input.catchAll === true) return { step: 'finish' };
  if (input.catchAll !== null && input.openRows === 0) return { step: 'finish' };
  if (input.lostConnection && counts.lostSessions < lostSessionRetries)
    return { step: 'reconnect' };
  if (input.lostConnection) return { step: 'fail', error: 'Connection closed by the mail server' };
  // Only greylisting waits count: the sessions before are reconnects, busy retries or waits.
  const wait = input.delaysMs[counts.attempt - counts.lostSessions - counts.busyRetries];
  if (wait === undefined || input.aborted) return { step: 'finish' };
  return { step: 'wait', ms: wait };
}
