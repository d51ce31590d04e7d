import net from 'node:net';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LabSpec } from './lab-spec.ts';
import { type MailLab, startMailLab } from './start-mail-lab.ts';

// A bare SMTP conversation: one reply (all its lines) per read.
interface Conversation {
  reply: (timeoutMs?: number) => Promise<string | null>;
  command: (line: string) => Promise<string | null>;
  closed: Promise<void>;
  socket: net.Socket;
  upgrade: () => Promise<void>;
}

function converse(address: string, port: number): Promise<Conversation> {
  return new Promise((resolve, reject) => {
    let socket: net.Socket = net.connect({ host: address, port });
    let buffer = '';
    const waiters: Array<() => void> = [];
    let closedResolve: () => void = () => {};
    const closed = new Promise<void>((r) => {
      closedResolve = r;
    });
    const attach = (s: net.Socket) => {
      s.on('data', (chunk) => {
        buffer += chunk.toString();
        for (const w of waiters.splice(0)) w();
      });
    };
    attach(socket);
    socket.on('close', () => {
      closedResolve();
      for (const w of waiters.splice(0)) w();
    });
    socket.on('error', reject);
    const takeReply = (): string | null => {
      const match = /^(?:\d{3}-[^\r\n]*\r\n)*\d{3}(?: [^\r\n]*)?\r\n/.exec(buffer);
      if (!match) return null;
      buffer = buffer.slice(match[0].length);
      return match[0].trimEnd();
    };
    const reply = async (timeoutMs = 3000): Promise<string | null> => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const ready = takeReply();
        if (ready) return ready;
        if (socket.destroyed || Date.now() >= deadline) return null;
        await new Promise<void>((r) => {
          const timer = setTimeout(r, deadline - Date.now());
          waiters.push(() => {
            clearTimeout(timer);
            r();
          });
        });
      }
    };
    socket.once('connect', () =>
      resolve({
        reply,
        command: (line) => {
          socket.write(`${line}\r\n`);
          return reply();
        },
        closed,
        get socket() {
          return socket;
        },
        upgrade: () =>
          new Promise<void>((done) => {
            const secure = tls.connect({ socket, rejectUnauthorized: false }, () => done());
            socket = secure;
            attach(secure);
          }),
      }),
    );
  });
}

const spec: LabSpec = {
  hosts: [
    { name: 'mx.acme.test', address: '127.0.0.2' },
    { name: 'slow.test', address: '127.0.0.3', bannerDelayMs: 400 },
    { name: 'tarpit.test', address: '127.0.0.4', commandDelayMs: 400 },
    { name: 'limited.test', address: '127.0.0.5', maxSessionsPerClient: 1 },
    { name: 'tls.test', address: '127.0.0.6', starttls: true },
    { name: 'refused.test', address: '127.0.0.7', mode: 'refused' },
    { name: 'silent.test', address: '127.0.0.8', mode: 'silent' },
    { name: 'acme-com.mail.protection.outlook.com', address: '127.0.0.9' },
    { name: 'far.test', address: '127.0.0.10', latencyMs: 400 },
  ],
  domains: [
    { name: 'acme.test', mx: [{ priority: 10, host: 'mx.acme.test' }], mailboxes: ['jane.doe'] },
    { name: 'all.test', mx: [{ priority: 10, host: 'mx.acme.test' }], catchAll: true },
    {
      name: 'stuck.test',
      mx: [{ priority: 10, host: 'mx.acme.test' }],
      mailboxes: ['ann'],
      fullMailboxes: ['full'],
      disabledMailboxes: ['gone'],
    },
    {
      name: 'grey.test',
      mx: [{ priority: 10, host: 'mx.acme.test' }],
      mailboxes: ['bob'],
      greylistMs: 300,
    },
    {
      name: 'busy.test',
      mx: [{ priority: 10, host: 'mx.acme.test' }],
      mailboxes: ['a', 'b', 'c'],
      recipientLimit: 2,
    },
    {
      name: 'drop.test',
      mx: [{ priority: 10, host: 'mx.acme.test' }],
      mailboxes: ['a'],
      dropAfterRcpt: 1,
    },
    {
      name: 'ms.test',
      mx: [{ priority: 0, host: 'acme-com.mail.protection.outlook.com' }],
      catchAll: true,
    },
  ],
};

describe('the lab SMTP hosts', () => {
  let lab: MailLab;
  const open = (address: string) => converse(address, lab.smtpPort);
  const ready = async (address: string) => {
    const c = await open(address);
    expect(await c.reply()).toMatch(/^220 /);
    expect(await c.command('EHLO probe.mailhound.test')).toMatch(/^250/);
    expect(await c.command('MAIL FROM:<verify@mailhound.test>')).toMatch(/^250/);
    return c;
  };

  beforeAll(async () => {
    lab = await startMailLab(spec);
  });
  afterAll(() => lab.close());

  it('accepts real mailboxes and answers 550 5.1.1 for others', async () => {
    const c = await ready('127.0.0.2');
    expect(await c.command('RCPT TO:<jane.doe@acme.test>')).toMatch(/^250/);
    expect(await c.command('RCPT TO:<john.roe@acme.test>')).toMatch(/^550 5\.1\.1 /);
    expect(await c.command('QUIT')).toMatch(/^221/);
  });

  it('accepts every address at a catch-all domain', async () => {
    const c = await ready('127.0.0.2');
    expect(await c.command('RCPT TO:<zq81xk@all.test>')).toMatch(/^250/);
  });

  it('answers 552 5.2.2 for a full mailbox and 550 5.2.1 for a disabled one', async () => {
    const c = await ready('127.0.0.2');
    expect(await c.command('RCPT TO:<full@stuck.test>')).toMatch(/^552 5\.2\.2 /);
    expect(await c.command('RCPT TO:<gone@stuck.test>')).toMatch(/^550 5\.2\.1 /);
    expect(await c.command('RCPT TO:<ann@stuck.test>')).toMatch(/^250/);
  });

  it('greylists a first attempt with 451 4.7.1 and accepts it after the delay', async () => {
    const c = await ready('127.0.0.2');
    expect(await c.command('RCPT TO:<bob@grey.test>')).toMatch(/^451 4\.7\.1 /);
    await new Promise((r) => setTimeout(r, 350));
    expect(await c.command('RCPT TO:<bob@grey.test>')).toMatch(/^250/);
    expect(await c.command('RCPT TO:<nobody@grey.test>')).toMatch(/^451 4\.7\.1 /);
  });

  it('answers 452 4.5.3 Too many recipients past the limit of a transaction', async () => {
    const c = await ready('127.0.0.2');
    expect(await c.command('RCPT TO:<a@busy.test>')).toMatch(/^250/);
    expect(await c.command('RCPT TO:<b@busy.test>')).toMatch(/^250/);
    expect(await c.command('RCPT TO:<c@busy.test>')).toBe('452 4.5.3 Too many recipients');
    expect(await c.command('RSET')).toMatch(/^250/);
    expect(await c.command('MAIL FROM:<verify@mailhound.test>')).toMatch(/^250/);
    expect(await c.command('RCPT TO:<c@busy.test>')).toMatch(/^250/);
  });

  it('drops the connection after a RCPT', async () => {
    const c = await ready('127.0.0.2');
    expect(await c.command('RCPT TO:<a@drop.test>')).toBeNull();
    await c.closed;
  });

  it('refuses relaying for a domain it does not serve', async () => {
    const c = await ready('127.0.0.2');
    expect(await c.command('RCPT TO:<x@elsewhere.test>')).toMatch(/^550 5\.7\.1 /);
  });

  it('holds the banner back on a slow host', async () => {
    const c = await open('127.0.0.3');
    expect(await c.reply(150)).toBeNull();
    expect(await c.reply()).toMatch(/^220 /);
  });

  it('holds every reply back on a tarpit host', async () => {
    const c = await open('127.0.0.4');
    expect(await c.reply()).toMatch(/^220 /);
    c.socket.write('EHLO probe.mailhound.test\r\n');
    expect(await c.reply(150)).toBeNull();
    expect(await c.reply()).toMatch(/^250/);
  });

  it('injects latency before each reply', async () => {
    const c = await open('127.0.0.10');
    expect(await c.reply(150)).toBeNull();
    expect(await c.reply()).toMatch(/^220 /);
  });

  it('answers 421 when a client opens more sessions than allowed', async () => {
    const first = await open('127.0.0.5');
    expect(await first.reply()).toMatch(/^220 /);
    const second = await open('127.0.0.5');
    expect(await second.reply()).toMatch(/^421 /);
    await second.closed;
    expect(await first.command('QUIT')).toMatch(/^221/);
  });

  it('offers STARTTLS and carries on over TLS', async () => {
    const c = await open('127.0.0.6');
    expect(await c.reply()).toMatch(/^220 /);
    expect(await c.command('EHLO probe.mailhound.test')).toMatch(/STARTTLS/);
    expect(await c.command('STARTTLS')).toMatch(/^220 /);
    await c.upgrade();
    expect(await c.command('EHLO probe.mailhound.test')).not.toMatch(/STARTTLS/);
    expect(await c.command('MAIL FROM:<verify@mailhound.test>')).toMatch(/^250/);
    expect(await c.command('RCPT TO:<jane.doe@acme.test>')).toMatch(/^250/);
  });

  it('does not offer STARTTLS on a host without it', async () => {
    const c = await open('127.0.0.2');
    expect(await c.reply()).toMatch(/^220 /);
    expect(await c.command('EHLO probe.mailhound.test')).not.toMatch(/STARTTLS/);
  });

  it('refuses connections on a refused host', async () => {
    await expect(open('127.0.0.7')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('accepts the connection and never speaks on a silent host', async () => {
    const c = await open('127.0.0.8');
    expect(await c.reply(300)).toBeNull();
    c.socket.destroy();
  });

  it('accepts everything on a Microsoft 365 style host', async () => {
    const c = await ready('127.0.0.9');
    expect(await c.command('RCPT TO:<anyone-at-all@ms.test>')).toMatch(/^250/);
  });

  it('counts sessions and commands per host', async () => {
    lab.resetStats();
    const c = await ready('127.0.0.2');
    await c.command('RCPT TO:<jane.doe@acme.test>');
    await c.command('QUIT');
    const stats = lab.stats();
    expect(stats.byHost['mx.acme.test']).toEqual({
      sessions: 1,
      commands: { EHLO: 1, MAIL: 1, RCPT: 1, QUIT: 1 },
    });
    expect(stats.sessions).toBe(1);
  });

  it('exports a ground-truth manifest', () => {
    expect(lab.manifest.addresses).toContain('jane.doe@acme.test');
    expect(lab.manifest.domains.find((d) => d.name === 'all.test')?.catchAll).toBe(true);
  });
});
