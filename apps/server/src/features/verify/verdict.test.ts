import { verifyReasons } from '@mailhound/contracts';
import { type FinderEvidence, type FindResult, noMxError } from '@mailhound/finder';
import { describe, expect, it } from 'vitest';
import { isGibberish, verdictOf } from './verdict.ts';

type Rcpt = { code: number; enhanced: string | null; text: string } | 'untested';

const accepted: Rcpt = { code: 250, enhanced: '2.1.5', text: 'OK' };
const unknownUser: Rcpt = { code: 550, enhanced: '5.1.1', text: 'User unknown' };

// What finder.verify() returns for `email`, from plain facts about the domain and the reply.
function found(
  email: string,
  facts: {
    rcpt?: Rcpt;
    catchAll?: boolean | null;
    error?: string;
    flags?: Partial<FinderEvidence['flags']>;
    implicitMx?: boolean;
    score?: number;
  } = {},
): FindResult {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const rcpt = facts.rcpt ?? (facts.error ? 'untested' : accepted);
  const status =
    rcpt === 'untested'
      ? 'untested'
      : rcpt.code >= 500
        ? 'rejected'
        : rcpt.code >= 400
          ? 'tempfail'
          : 'accepted';
  const noServer = facts.error !== undefined;
  return {
    exactEmail: status === 'accepted' ? email : null,
    exactEmailScore: facts.score ?? (status === 'accepted' ? 99 : 0),
    ...(facts.error ? { error: facts.error } : {}),
    evidence: {
      domain,
      mx: noServer
        ? null
        : { host: `mx.${domain}`, address: '127.0.0.2', priority: 10, tls: false },
      mxHosts: noServer ? [] : [{ name: `mx.${domain}`, priority: 10, addresses: ['127.0.0.2'] }],
      implicitMx: facts.implicitMx ?? false,
      catchAll: facts.catchAll === undefined ? false : facts.catchAll,
      catchAllProbe: null,
      learntPattern: null,
      patternKnowledge: null,
      knownPattern: false,
      pattern: null,
      candidates: [
        {
          email,
          pattern: 'given',
          kind: 'exact',
          status,
          code: rcpt === 'untested' ? null : rcpt.code,
          enhanced: rcpt === 'untested' ? null : rcpt.enhanced,
          text: rcpt === 'untested' ? null : rcpt.text,
        },
      ],
      sessions: 1,
      attempts: 1,
      reason: '',
      detail: null,
      flags: { disposable: false, freeProvider: false, role: false, ...facts.flags },
      timings: { dnsMs: 1, smtpMs: 1, totalMs: 2 },
    },
  } as FindResult;
}

describe('verdictOf: the verdict from what the finder found', () => {
  it('valid: the server accepted the address and refused a random one', () => {
    const verdict = verdictOf('ann.lee@acme.com', found('ann.lee@acme.com'));
    expect(verdict).toMatchObject({
      status: 'valid',
      score: 99,
      reason: verifyReasons.valid,
      regexp: true,
      mx_records: true,
      smtp_server: true,
      smtp_check: true,
      accept_all: false,
      smtp_reply: { code: 250, enhanced: '2.1.5', text: 'OK' },
    });
  });

  it('invalid: the server answered 550 5.1.1 user unknown', () => {
    const verdict = verdictOf('bob@acme.com', found('bob@acme.com', { rcpt: unknownUser }));
    expect(verdict).toMatchObject({
      status: 'invalid',
      score: 0,
      reason: verifyReasons.rejected,
      smtp_check: false,
      smtp_reply: { code: 550, enhanced: '5.1.1' },
    });
  });

  it('accept_all: the server accepts every address, so this one proves nothing', () => {
    const verdict = verdictOf(
      'bob@catchall.com',
      found('bob@catchall.com', { catchAll: true, score: 50 }),
    );
    expect(verdict).toMatchObject({
      status: 'accept_all',
      score: 50,
      accept_all: true,
      smtp_check: true,
      reason: verifyReasons.acceptAll,
    });
  });

  it('accept_all also when the catch-all cache spared asking the server', () => {
    const verdict = verdictOf(
      'bob@catchall.com',
      found('bob@catchall.com', { catchAll: true, rcpt: 'untested', score: 0 }),
    );
    expect(verdict).toMatchObject({
      status: 'accept_all',
      score: 50,
      accept_all: true,
      smtp_check: true,
      smtp_reply: null,
    });
  });

  it('disposable: a disposable domain wins over an accepting server', () => {
    const verdict = verdictOf(
      'x@mailinator.com',
      found('x@mailinator.com', { flags: { disposable: true } }),
    );
    expect(verdict).toMatchObject({
      status: 'disposable',
      disposable: true,
      reason: verifyReasons.disposable,
    });
  });

  it('webmail: a free provider that did not refuse the address', () => {
    const verdict = verdictOf(
      'ann@gmail.com',
      found('ann@gmail.com', { flags: { freeProvider: true } }),
    );
    expect(verdict).toMatchObject({ status: 'webmail', webmail: true, score: 99 });
  });

  it('invalid, not webmail, when the free provider refuses the address', () => {
    const verdict = verdictOf(
      'nobody@gmail.com',
      found('nobody@gmail.com', { rcpt: unknownUser, flags: { freeProvider: true } }),
    );
    expect(verdict).toMatchObject({ status: 'invalid', webmail: true });
  });

  it('role: the check is set and the status stays what the server said', () => {
    const verdict = verdictOf('info@acme.com', found('info@acme.com', { flags: { role: true } }));
    expect(verdict).toMatchObject({ status: 'valid', role: true });
  });

  it.each([
    { code: 552, enhanced: '5.2.2', text: 'Mailbox full' },
    {
      code: 452,
      enhanced: '4.2.2',
      text: 'The email account that you tried to reach is over quota',
    },
  ])('full inbox: $code $enhanced is invalid, with full_inbox set', (rcpt) => {
    const verdict = verdictOf('ann@acme.com', found('ann@acme.com', { rcpt }));
    expect(verdict).toMatchObject({
      status: 'invalid',
      full_inbox: true,
      greylisted: false,
      reason: verifyReasons.fullInbox,
      smtp_reply: rcpt,
    });
  });

  it.each([
    { code: 550, enhanced: '5.2.1', text: 'Mailbox disabled, not accepting messages' },
    { code: 550, enhanced: null, text: 'This account has been disabled' },
  ])('disabled: "$code $enhanced $text" is invalid, with disabled set', (rcpt) => {
    const verdict = verdictOf('ann@acme.com', found('ann@acme.com', { rcpt }));
    expect(verdict).toMatchObject({
      status: 'invalid',
      disabled: true,
      reason: verifyReasons.disabled,
    });
  });

  it('greylisted: a 451 that never cleared is unknown, with greylisted set', () => {
    const rcpt = { code: 451, enhanced: '4.7.1', text: 'Greylisted, please try again later' };
    const verdict = verdictOf('ann@acme.com', found('ann@acme.com', { rcpt, catchAll: null }));
    expect(verdict).toMatchObject({
      status: 'unknown',
      score: 0,
      greylisted: true,
      smtp_check: false,
      reason: verifyReasons.greylisted,
    });
  });

  it('no MX: the domain cannot receive mail, so the address is invalid', () => {
    const verdict = verdictOf('ann@gone.com', found('ann@gone.com', { error: noMxError }));
    expect(verdict).toMatchObject({
      status: 'invalid',
      score: 0,
      mx_records: false,
      smtp_server: false,
      smtp_reply: null,
      reason: verifyReasons.noMailServer,
    });
  });

  it('unknown, in the finder words, when DNS failed', () => {
    const verdict = verdictOf(
      'ann@acme.com',
      found('ann@acme.com', { error: 'DNS lookup failed' }),
    );
    expect(verdict).toMatchObject({ status: 'unknown', reason: 'DNS lookup failed' });
  });

  it('block: a 5.7.x policy refusal is unknown, not invalid', () => {
    const rcpt = { code: 554, enhanced: '5.7.1', text: 'Client host rejected' };
    const verdict = verdictOf('ann@acme.com', found('ann@acme.com', { rcpt }));
    expect(verdict).toMatchObject({
      status: 'unknown',
      block: true,
      reason: verifyReasons.blocked,
    });
  });

  it('unknown when the server accepted but the catch-all probe got no answer', () => {
    const verdict = verdictOf('ann@acme.com', found('ann@acme.com', { catchAll: null, score: 50 }));
    expect(verdict).toMatchObject({ status: 'unknown', reason: verifyReasons.acceptAllUnknown });
  });

  it('unknown when the server never answered', () => {
    const verdict = verdictOf('ann@acme.com', found('ann@acme.com', { rcpt: 'untested' }));
    expect(verdict).toMatchObject({ status: 'unknown', reason: verifyReasons.noAnswer });
  });

  it('invalid when it is not an address at all', () => {
    const verdict = verdictOf('ann lee@acme', found('ann lee@acme'));
    expect(verdict).toMatchObject({ status: 'invalid', regexp: false, score: 0 });
  });

  it('mx_records is false when only the implicit MX (the A record) answered', () => {
    const verdict = verdictOf('ann@acme.com', found('ann@acme.com', { implicitMx: true }));
    expect(verdict).toMatchObject({ status: 'valid', mx_records: false, smtp_server: true });
  });
});

describe('isGibberish', () => {
  it.each(['xkqzvtplw', 'a8f3k2j9x1', 'qwrtzpsdfg'])('%s is machine-made', (local) => {
    expect(isGibberish(local)).toBe(true);
  });
  it.each(['ann.lee', 'mkrtchyan', 'schwarzkopf', 'ann.lee2', 'j.smith1987', 'info'])(
    '%s is human',
    (local) => {
      expect(isGibberish(local)).toBe(false);
    },
  );
});
