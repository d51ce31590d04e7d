import { SMTPServer } from 'smtp-server';

export type SinkMessage = { from: string; to: string[]; raw: string };

export type SmtpSink = {
  port: number;
  messages: SinkMessage[];
  stop: () => Promise<void>;
};

// An SMTP server on loopback that keeps what it accepts. Recipients starting with "bounce"
// are refused for good (550 on RCPT), with "later" for now (450). For recipients starting with
// "cut" the connection is closed at RCPT; for "drop" once the whole message has come, without
// an answer (the message is kept: the server may have delivered it). Logins starting with
// "locked" are refused (535).
export async function startSmtpSink(
  options: {
    keep?: boolean;
    // Runs before the message is accepted, like a provider filing it in Sent.
    onMessage?: (raw: string) => Promise<void>;
  } = {},
): Promise<SmtpSink> {
  const messages: SinkMessage[] = [];
  const hangUp = (sessionId: string) => {
    const connections = (server as unknown as { connections: Set<{ id: string; close(): void }> })
      .connections;
    for (const connection of connections) if (connection.id === sessionId) connection.close();
  };
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // stop() ends connections a pooled transport left open after 100 ms, not smtp-server's
    // default 30 s: the mail has been received by then, nothing is waiting for an answer.
    closeTimeout: 100,
    size: 10 * 1024 * 1024,
    onAuth: (auth, _session, callback) =>
      /^locked/.test(auth.username ?? '')
        ? callback(new Error('Invalid username or password'))
        : callback(null, { user: auth.username }),
    onRcptTo: (address, session, callback) => {
      if (/^cut/.test(address.address)) return hangUp(session.id);
      const refusal = /^bounce/.test(address.address)
        ? { code: 550, text: '5.1.1 No such user' }
        : /^later/.test(address.address)
          ? { code: 450, text: '4.2.1 Mailbox busy, try later' }
          : undefined;
      if (!refusal) return callback();
      return callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        try {
          await options.onMessage?.(raw);
        } catch (error) {
          return callback(Object.assign(error as Error, { responseCode: 451 }));
        }
        if (options.keep !== false) {
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw,
          });
        }
        if (session.envelope.rcptTo.some((rcpt) => /^drop/.test(rcpt.address))) {
          return hangUp(session.id);
        }
        callback();
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, messages, stop: () => new Promise((done) => server.close(() => done())) };
}

// The headers of a raw message, names lower-cased, folded lines joined.
export function headersOf(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const cut = line.indexOf(':');
    if (cut > 0) headers[line.slice(0, cut).toLowerCase()] = line.slice(cut + 1).trim();
  }
  return headers;
}

// The raw message with quoted-printable soft breaks and escapes undone.
export function decodedBody(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
