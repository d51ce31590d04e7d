import { describe, expect, it } from 'vitest';
import { finderConfig } from './config.ts';
import { createHostLimiter } from './host-limiter.ts';
import type { MailHost } from './mail-route.ts';
import { createMxSessions, openFailureError, sessionOptions, sessionRoute } from './mx-sessions.ts';
import { reply, scriptedSmtp } from './smtp-lookup.test-kit.ts';

const hosts: MailHost[] = [
  { name: 'mx1.acme.test', priority: 10, addresses: ['192.0.2.1', '192.0.2.2'] },
  { name: 'mx2.acme.test', priority: 20, addresses: ['192.0.2.3'] },
];

const config = finderConfig({ busyBackoffMs: 60_000, perHostIntervalMs: 0 });

const sessionsOn = (smtp: ReturnType<typeof scriptedSmtp>) => ({
  sessions: createMxSessions({
    probe: smtp.probe,
    limiter: createHostLimiter({ overall: 4, perHost: 1, intervalMs: 0 }),
    config,
  }),
});

describe('sessions on the mail hosts', () => {
  it('tries the addresses host by host in priority order', () => {
    expect(sessionRoute(hosts).map(({ host, address }) => `${host.name} ${address}`)).toEqual([
      'mx1.acme.test 192.0.2.1',
      'mx1.acme.test 192.0.2.2',
      'mx2.acme.test 192.0.2.3',
    ]);
  });

  it('names every way a session can fail to open', () => {
    expect(openFailureError('timeout')).toBe('Connection timed out');
    expect(openFailureError('busy')).toBe('The mail server is busy, try again later');
    expect(openFailureError('refused')).toBe('Connection refused by the mail server');
    expect(openFailureError('aborted')).toBe('Aborted');
    expect(openFailureError('closed')).toBe('The mail server refused the session');
    expect(openFailureError('rejected')).toBe('The mail server refused the session');
  });

  it('greets with the configured names and passes a known recipient limit on', () => {
    const options = sessionOptions(
      finderConfig({ heloName: 'probe.example', mailFrom: 'v@probe.example' }),
      3,
      undefined,
    );
    expect(options).toMatchObject({
      heloName: 'probe.example',
      mailFrom: 'v@probe.example',
      recipientLimit: 3,
    });
    expect(options).not.toHaveProperty('socksProxy');
    expect(options).not.toHaveProperty('signal');
  });

  it('opens the session on the next address when one refuses the connection', async () => {
    const smtp = scriptedSmtp({
      answer: () => reply(250),
      openFailure: (address) => (address === '192.0.2.3' ? null : 'refused'),
    });
    const opened = await sessionsOn(smtp).sessions.open(hosts, undefined, false);
    expect(opened).toMatchObject({ ok: true, address: '192.0.2.3', host: { priority: 20 } });
    expect(smtp.opened.map((o) => o.address)).toEqual(['192.0.2.1', '192.0.2.2', '192.0.2.3']);
  });

  it("answers the last address's failure, busy when it was a 421", async () => {
    const smtp = scriptedSmtp({
      answer: () => reply(250),
      openFailure: (address) => (address === '192.0.2.3' ? 'busy' : 'timeout'),
    });
    expect(await sessionsOn(smtp).sessions.open(hosts, undefined, false)).toEqual({
      ok: false,
      error: 'The mail server is busy, try again later',
      detail: '421 busy',
      busy: true,
    });
  });

  it('stops at the first address when the lookup is aborted', async () => {
    const smtp = scriptedSmtp({ answer: () => reply(250), openFailure: () => 'aborted' });
    expect(await sessionsOn(smtp).sessions.open(hosts, undefined, false)).toMatchObject({
      ok: false,
      error: 'Aborted',
      busy: false,
    });
    expect(smtp.opened).toHaveLength(1);
    const controller = new AbortController();
    controller.abort();
    expect(await sessionsOn(smtp).sessions.open(hosts, controller.signal, false)).toMatchObject({
      ok: false,
      error: 'Aborted',
    });
    expect(smtp.opened).toHaveLength(1);
  });

  it("keeps an address's recipient limit for its next session and frees the address", async () => {
    const smtp = scriptedSmtp({ answer: () => reply(250), recipientLimit: 2 });
    const { sessions } = sessionsOn(smtp);
    const first = await sessions.open(hosts, undefined, false);
    if (!first.ok) throw new Error(first.error);
    await sessions.finish(first);
    // One session per address at a time: a second opens only because the first was freed.
    const second = await sessions.open(hosts, undefined, false);
    expect(second.ok).toBe(true);
    expect(smtp.opened.map((o) => o.options.recipientLimit)).toEqual([undefined, 2]);
  });
});
