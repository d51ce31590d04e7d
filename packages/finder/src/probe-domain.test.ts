import { describe, expect, it } from 'vitest';
import { type CatchAllCache, createCatchAllCache } from './catch-all-cache.ts';
import type { Clock } from './clock.ts';
import { finderConfig } from './config.ts';
import { createHostLimiter } from './host-limiter.ts';
import { findRow, withCandidates } from './lookup-rows.ts';
import { createMxSessions } from './mx-sessions.ts';
import { probeDomain } from './probe-domain.ts';
import { domainLookup, reply, scriptedSmtp } from './smtp-lookup.test-kit.ts';
import type { SmtpReply } from './smtp-reply.ts';

const rows = withCandidates(
  [findRow({ firstName: 'Jane', lastName: 'Roe', domain: 'acme.test' })],
  'acme.test',
  null,
);

// Probes acme.test through a scripted SMTP port; greylisting waits are noted, not slept.
async function probe(
  answer: (rcpt: string, session: number) => SmtpReply,
  extra: { openFailure?: 'busy'; cache?: CatchAllCache } = {},
) {
  const smtp = scriptedSmtp({
    answer,
    ...(extra.openFailure ? { openFailure: () => extra.openFailure! } : {}),
  });
  const slept: number[] = [];
  const clock: Clock = { now: () => 0, sleep: async (ms) => void slept.push(ms) };
  const catchAllCache = extra.cache ?? createCatchAllCache({ ttlMs: 60_000, now: clock.now });
  const lookup = domainLookup();
  const progress: number[] = [];
  await probeDomain(
    {
      sessions: createMxSessions({
        probe: smtp.probe,
        limiter: createHostLimiter({ overall: 4, perHost: 2, intervalMs: 0 }),
        config: finderConfig({ busyBackoffMs: 1 }),
      }),
      catchAllCache,
      clock,
      greylistRetryDelaysMs: [700, 1_000],
    },
    'acme.test',
    rows,
    lookup,
    new Set(),
    { onProgress: (e) => progress.push(e.percent) },
  );
  return { lookup, smtp, slept, progress, catchAllCache };
}

const mailbox = (rcpt: string) => reply(rcpt === 'jane.roe@acme.test' ? 250 : 550);

describe('probing a domain', () => {
  it('asks in one session: the probe and the first candidates, then the rest', async () => {
    // j.roe (f.last) is the fifth candidate: beyond the first stage.
    const { lookup, smtp, slept } = await probe((rcpt) =>
      reply(rcpt === 'j.roe@acme.test' ? 250 : 550),
    );
    expect(lookup).toMatchObject({ catchAll: false, sessions: 1, attempts: 1 });
    expect(lookup.mx).toEqual({
      host: 'mx.acme.test',
      address: '192.0.2.1',
      priority: 10,
      tls: false,
    });
    expect(lookup.replies.get('j.roe@acme.test')?.code).toBe(250);
    expect(smtp.asked.map((stage) => stage.length)).toEqual([5, rows[0]!.candidates.length - 4]);
    expect(slept).toEqual([]);
  });

  it('asks no second stage once the first found the exact address', async () => {
    const { smtp } = await probe(mailbox);
    expect(smtp.asked).toHaveLength(1);
  });

  it('waits out greylisting and asks again, with the same probe address', async () => {
    const { lookup, smtp, slept, progress } = await probe((rcpt, session) =>
      session === 0 ? reply(451) : mailbox(rcpt),
    );
    expect(slept).toEqual([700]);
    expect(lookup).toMatchObject({ catchAll: false, sessions: 2, attempts: 2 });
    expect(lookup.replies.get('jane.roe@acme.test')?.code).toBe(250);
    expect(smtp.asked[2]?.[0]).toBe(smtp.asked[0]?.[0]);
    expect(progress).toEqual([30, 45]);
  });

  it('leaves the lookup unknown, without an error, when greylisting outlasts the delays', async () => {
    const { lookup, slept } = await probe(() => reply(451));
    expect(slept).toEqual([700, 1_000]);
    expect(lookup).toMatchObject({ catchAll: null, sessions: 3, attempts: 3 });
    expect(lookup.error).toBeUndefined();
  });

  it('opens one more session after a dropped connection, then reports it', async () => {
    const { lookup } = await probe(() => reply(0, 'Connection closed'));
    expect(lookup).toMatchObject({
      sessions: 2,
      error: 'Connection closed by the mail server',
    });
  });

  it('asks a busy host twice more, then answers that it is busy', async () => {
    const { lookup, smtp } = await probe(mailbox, { openFailure: 'busy' });
    expect(smtp.opened).toHaveLength(3);
    expect(lookup).toMatchObject({
      sessions: 0,
      attempts: 3,
      error: 'The mail server is busy, try again later',
    });
  });

  it('remembers a catch-all verdict, and opens no session while it holds', async () => {
    const first = await probe(() => reply(250));
    expect(first.lookup.catchAll).toBe(true);
    expect(first.smtp.asked).toHaveLength(1);
    const again = await probe(mailbox, { cache: first.catchAllCache });
    expect(again.smtp.opened).toHaveLength(0);
    expect(again.lookup).toMatchObject({ catchAll: true, probe: { cached: true, code: 250 } });
  });
});
