import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { floodingServer } from './smtp-flood.test-kit.ts';
import { oversizedReplyText } from './smtp-reader.ts';
import { classifyRcpt } from './smtp-reply.ts';
import { netSmtpProbe } from './smtp-session.ts';

// A scripted SMTP server that offers PIPELINING and answers MAIL FROM with `mailReply`,
// but only once the first RCPT has arrived too: a client that waits for the MAIL reply
// before sending its recipients never gets one.
function scriptedServer(mailReply: string) {
  const server = net.createServer((socket) => {
    socket.write('220 scripted ESMTP\r\n');
    let heldMail = false;
    socket.on('data', (chunk) => {
      for (const line of chunk.toString('latin1').split('\r\n').filter(Boolean)) {
        const verb = line.split(/[ :]/, 1)[0]!.toUpperCase();
        if (verb === 'EHLO') socket.write('250-scripted\r\n250 PIPELINING\r\n');
        else if (verb === 'MAIL') heldMail = true;
        else if (verb === 'RCPT') {
          if (heldMail) socket.write(`${mailReply}\r\n`);
          heldMail = false;
          socket.write(mailReply.startsWith('250') ? '250 OK\r\n' : '503 5.5.1 Need MAIL\r\n');
        } else if (verb === 'QUIT') socket.end('221 Bye\r\n');
      }
    });
  });
  return { server };
}

const options = {
  heloName: 'verify.mailhound.test',
  mailFrom: 'verify@mailhound.test',
  connectTimeoutMs: 500,
  commandTimeoutMs: 500,
};

describe('an SMTP session with PIPELINING', () => {
  const accepting = scriptedServer('250 OK');
  const refusing = scriptedServer('550 5.7.1 Sender rejected');
  const port = (s: net.Server) => (s.address() as net.AddressInfo).port;
  beforeAll(async () => {
    for (const { server } of [accepting, refusing])
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => {
    accepting.server.close();
    refusing.server.close();
  });

  it('sends MAIL FROM together with the first recipients (one round trip less)', async () => {
    const opened = await netSmtpProbe.open(
      { host: 'scripted', address: '127.0.0.1', port: port(accepting.server) },
      options,
    );
    if (!opened.ok) throw new Error('the session did not open');
    const replies = await opened.session.check(['a@x.test', 'b@x.test']);
    expect([...replies.values()].map(classifyRcpt)).toEqual(['accepted', 'accepted']);
    await opened.session.close();
  });

  it('never reads a refused sender as invalid recipients', async () => {
    const opened = await netSmtpProbe.open(
      { host: 'scripted', address: '127.0.0.1', port: port(refusing.server) },
      options,
    );
    if (!opened.ok) throw new Error('the session did not open');
    const replies = await opened.session.check(['a@x.test']);
    const reply = replies.get('a@x.test')!;
    expect(classifyRcpt(reply)).not.toBe('rejected');
    expect(reply.text).toContain('refused the sender');
    expect(opened.session.alive()).toBe(false);
    await opened.session.close();
  });
});

describe('an SMTP session with a server that sends more than SMTP allows', () => {
  // Long enough that a session without limits would end on this timeout, not on the flood.
  const patient = { ...options, commandTimeoutMs: 3_000 };
  const openAt = (port: number) =>
    netSmtpProbe.open({ host: 'flood', address: '127.0.0.1', port }, patient);

  it('ends at a banner that never ends, as a dropped connection (the host fails)', async () => {
    const server = await floodingServer({ piece: `220-${'x'.repeat(70)}\r\n`.repeat(100) });
    const opened = await openAt(server.port);
    expect(opened).toMatchObject({
      ok: false,
      failure: 'closed',
      reply: { code: 0, text: oversizedReplyText },
    });
    await server.close();
  });

  it('ends at a banner line without an end', async () => {
    const server = await floodingServer({ piece: 'x'.repeat(7_000) });
    const opened = await openAt(server.port);
    expect(opened).toMatchObject({ ok: false, failure: 'closed', reply: { code: 0 } });
    await server.close();
  });

  it('answers the recipients as lost when the flood comes after RCPT', async () => {
    const server = await floodingServer({
      greeting: '220 flood ESMTP\r\n',
      after: 'RCPT',
      piece: `250-${'x'.repeat(70)}\r\n`.repeat(100),
    });
    const opened = await openAt(server.port);
    if (!opened.ok) throw new Error('the session did not open');
    const replies = await opened.session.check(['a@x.test']);
    expect(replies.get('a@x.test')).toEqual({ code: 0, enhanced: null, text: oversizedReplyText });
    expect(opened.session.alive()).toBe(false);
    await opened.session.close();
    await server.close();
  });
});
