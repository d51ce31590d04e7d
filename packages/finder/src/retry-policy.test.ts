import { describe, expect, it } from 'vitest';
import {
  afterSession,
  forgetUnanswered,
  lostConnection,
  type RetryCounts,
  retryAfterFailedOpen,
} from './retry-policy.ts';
import { reply } from './smtp-lookup.test-kit.ts';

const counts = (extra: Partial<RetryCounts> = {}): RetryCounts => ({
  attempt: 0,
  lostSessions: 0,
  busyRetries: 0,
  ...extra,
});

const after = (extra: Partial<Parameters<typeof afterSession>[0]> = {}) =>
  afterSession({
    catchAll: false,
    openRows: 1,
    lostConnection: false,
    counts: counts(),
    delaysMs: [60_000, 300_000],
    aborted: false,
    ...extra,
  });

describe('the retry policy', () => {
  it('stops at a catch-all domain, and when every row is answered', () => {
    expect(after({ catchAll: true, openRows: 3, lostConnection: true })).toEqual({
      step: 'finish',
    });
    expect(after({ openRows: 0 })).toEqual({ step: 'finish' });
  });

  it('waits out greylisting with each delay in turn, then leaves the rows unknown', () => {
    expect(after()).toEqual({ step: 'wait', ms: 60_000 });
    expect(after({ counts: counts({ attempt: 1 }) })).toEqual({ step: 'wait', ms: 300_000 });
    expect(after({ counts: counts({ attempt: 2 }) })).toEqual({ step: 'finish' });
  });

  it('waits too while the catch-all verdict is still open', () => {
    expect(after({ catchAll: null, openRows: 0 })).toEqual({ step: 'wait', ms: 60_000 });
  });

  it('counts only greylisting waits against the delays, not reconnects or busy hosts', () => {
    expect(after({ counts: counts({ attempt: 2, lostSessions: 1, busyRetries: 1 }) })).toEqual({
      step: 'wait',
      ms: 60_000,
    });
  });

  it('does not wait once the lookup is aborted', () => {
    expect(after({ aborted: true })).toEqual({ step: 'finish' });
  });

  it('opens one more session after a dropped connection, then gives the error', () => {
    expect(after({ lostConnection: true })).toEqual({ step: 'reconnect' });
    expect(after({ lostConnection: true, counts: counts({ lostSessions: 1 }) })).toEqual({
      step: 'fail',
      error: 'Connection closed by the mail server',
    });
  });

  it('tries a busy (421) host twice more, nothing else', () => {
    expect(retryAfterFailedOpen({ busy: true }, counts(), false)).toBe(true);
    expect(retryAfterFailedOpen({ busy: true }, counts({ busyRetries: 2 }), false)).toBe(false);
    expect(retryAfterFailedOpen({ busy: true }, counts(), true)).toBe(false);
    expect(retryAfterFailedOpen({ busy: false }, counts(), false)).toBe(false);
  });

  it('asks the recipients a lost session left unanswered again, and keeps the rest', () => {
    const replies = new Map([
      ['a@acme.test', reply(250)],
      ['b@acme.test', reply(0, 'Connection closed')],
    ]);
    expect(lostConnection(replies)).toBe(true);
    forgetUnanswered(replies);
    expect([...replies.keys()]).toEqual(['a@acme.test']);
    expect(lostConnection(replies)).toBe(false);
  });
});
