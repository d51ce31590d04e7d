import net from 'node:net';
import tls from 'node:tls';
import { SocksClient } from 'socks';
import { createReplyReader, lostReply, ReplyTimeout } from './smtp-reader.ts';
import { isTooManyRecipients, type SmtpReply } from './smtp-reply.ts';

export interface SmtpTarget {
  host: string;
  address: string;
  port: number;
}

export interface SmtpSessionOptions {
  heloName: string;
  mailFrom: string;
  connectTimeoutMs: number;
  commandTimeoutMs: number;
  localAddress?: string;
  // socks5://host:port
  socksProxy?: string;
  // Recipients per transaction, when a limit is already known for this host.
  recipientLimit?: number;
  signal?: AbortSignal;
}

export type OpenFailure = 'timeout' | 'refused' | 'closed' | 'busy' | 'rejected' | 'aborted';

export type OpenResult =
  | { ok: true; session: SmtpSession }
  | { ok: false; failure: OpenFailure; reply: SmtpReply | null; detail: string };

export interface SmtpSession {
  banner: SmtpReply;
  tls: boolean;
  pipelining: boolean;
  // Recipients per transaction the server turned out to allow (452 4.5.3), if any.
  recipientLimit: () => number | undefined;
  // RCPT TO each recipient, in transactions as large as the server allows; never DATA.
  check: (recipients: string[]) => Promise<Map<string, SmtpReply>>;
  alive: () => boolean;
  close: () => Promise<void>;
}

export interface SmtpProbe {
  open: (target: SmtpTarget, options: SmtpSessionOptions) => Promise<OpenResult>;
}

// What a recipient learns when the sender was refused: a 4xx is "try again later" for it
// too; anything else says nothing about the recipient (never a 5xx "invalid").
function afterRefusedEnvelope(reply: SmtpReply): SmtpReply {
  if (reply.code >= 400 && reply.code < 500) return reply;
  if (reply.code === 0) return reply;
  return lostReply(`The mail server refused the sender: ${reply.code} ${reply.text}`);
}

async function connect(target: SmtpTarget, options: SmtpSessionOptions): Promise<net.Socket> {
  if (options.socksProxy) {
    const proxy = new URL(options.socksProxy);
    const { socket } = await SocksClient.createConnection({
      command: 'connect',
      destination: { host: target.address, port: target.port },
      proxy: {
        host: proxy.hostname,
        port: Number(proxy.port || 1080),
        type: 5,
        ...(proxy.username ? { userId: decodeURIComponent(proxy.username) } : {}),
        ...(proxy.password ? { password: decodeURIComponent(proxy.password) } : {}),
      },
      timeout: options.connectTimeoutMs,
    });
    return socket;
  }
  return new Promise((resolve, reject) => {
    const socket = net.connect({
      host: target.address,
      port: target.port,
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(Object.assign(new Error('Connection timed out'), { code: 'ETIMEDOUT' }));
    }, options.connectTimeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

function failureOf(error: unknown): { failure: OpenFailure; detail: string } {
  if (error instanceof ReplyTimeout) return { failure: 'timeout', detail: 'Connection timed out' };
  const code = (error as { code?: string }).code;
  if (code === 'ETIMEDOUT') return { failure: 'timeout', detail: 'Connection timed out' };
  if (code === 'ECONNREFUSED') {
    return { failure: 'refused', detail: 'Connection refused by the mail server' };
  }
  return {
    failure: 'closed',
    detail: error instanceof Error ? error.message : 'Connection failed',
  };
}

// Opens a session (banner, EHLO, STARTTLS when offered, MAIL FROM) over node:net/tls.
export const netSmtpProbe: SmtpProbe = {
  async open(target, options) {
    if (options.signal?.aborted) {
      return { ok: false, failure: 'aborted', reply: null, detail: 'Aborted' };
    }
    let socket: net.Socket;
    try {
      socket = await connect(target, options);
    } catch (error) {
      return { ok: false, reply: null, ...failureOf(error) };
    }
    socket.setNoDelay(true);
    socket.on('error', () => {});
    const onAbort = () => socket.destroy();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const reader = createReplyReader(socket);
    const timeout = options.commandTimeoutMs;
    const send = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    const command = async (line: string) => {
      send(line);
      return reader.next(timeout);
    };
    const fail = (failure: OpenFailure, reply: SmtpReply | null, detail: string): OpenResult => {
      options.signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      return { ok: false, failure, reply, detail };
    };

    try {
      const banner = await reader.next(timeout);
      if (banner.code === 421) return fail('busy', banner, banner.text);
      if (banner.code !== 220) {
        return fail(banner.code === 0 ? 'closed' : 'rejected', banner, banner.text);
      }
      let ehlo = await command(`EHLO ${options.heloName}`);
      const extended = ehlo.code === 250;
      if (!extended) {
        ehlo = await command(`HELO ${options.heloName}`);
        if (ehlo.code !== 250) return fail('rejected', ehlo, ehlo.text);
      }
      let secure = false;
      const offers = (keyword: string) =>
        extended && ehlo.text.split('\n').some((l) => l.toUpperCase().startsWith(keyword));
      if (offers('STARTTLS')) {
        const ready = await command('STARTTLS');
        if (ready.code === 220) {
          reader.detach();
          socket = await new Promise<net.Socket>((resolve, reject) => {
            const secured = tls.connect(
              {
                socket,
                servername: net.isIP(target.host) ? undefined : target.host,
                // MX certificates are rarely valid for the MX name; opportunistic TLS
                // (RFC 3207 §4.1) protects against passive listeners only.
                rejectUnauthorized: false,
              },
              () => resolve(secured),
            );
            secured.once('error', reject);
            setTimeout(() => reject(new ReplyTimeout('Connection timed out')), timeout).unref();
          });
          socket.on('error', () => {});
          reader.attach(socket);
          secure = true;
          ehlo = await command(`EHLO ${options.heloName}`);
          if (ehlo.code !== 250) return fail('rejected', ehlo, ehlo.text);
        }
      }
      const pipelining = offers('PIPELINING');
      // With PIPELINING, MAIL FROM goes out with the first RCPTs (RFC 2920): a round trip less.
      let mailPending = pipelining;
      if (!pipelining) {
        const mail = await command(`MAIL FROM:<${options.mailFrom}>`);
        if (mail.code === 421) return fail('busy', mail, mail.text);
        if (mail.code !== 250) return fail('rejected', mail, mail.text);
      }

      // Inside a session a silent server ends it: the replies still owed count as lost.
      const nextReply = async (): Promise<SmtpReply> => {
        try {
          return await reader.next(timeout);
        } catch {
          socket.destroy();
          return lostReply('Connection timed out');
        }
      };
      let limit = options.recipientLimit;
      let inTransaction = 0;
      let broken = false;
      // A refused MAIL FROM (or RSET) makes the RCPT replies after it meaningless.
      let refusedEnvelope: SmtpReply | null = null;
      const session: SmtpSession = {
        banner,
        tls: secure,
        pipelining,
        recipientLimit: () => limit,
        alive: () => !broken && !reader.isClosed() && !socket.destroyed,
        async check(recipients) {
          const replies = new Map<string, SmtpReply>();
          const queue = [...recipients];
          while (queue.length > 0 && !broken) {
            // Once the per-transaction limit is known, every transaction is planned at
            // once (RSET, MAIL, RCPT...): with PIPELINING they all go out in one write.
            const plan: Array<{ line: string; rcpt: string | null }> = [];
            if (mailPending) {
              plan.push({ line: `MAIL FROM:<${options.mailFrom}>`, rcpt: null });
              mailPending = false;
            }
            let planned = inTransaction;
            while (queue.length > 0) {
              if (limit !== undefined && planned >= limit) {
                plan.push(
                  { line: 'RSET', rcpt: null },
                  { line: `MAIL FROM:<${options.mailFrom}>`, rcpt: null },
                );
                planned = 0;
              }
              const take = limit === undefined ? queue.length : limit - planned;
              for (const rcpt of queue.splice(0, take))
                plan.push({ line: `RCPT TO:<${rcpt}>`, rcpt });
              planned += take;
              if (!pipelining) break;
            }
            if (pipelining && !socket.destroyed) {
              // The whole plan in one write (RFC 2920).
              socket.write(plan.map((step) => `${step.line}\r\n`).join(''));
            }
            const retry: string[] = [];
            let progressed = false;
            for (const step of plan) {
              if (!pipelining) send(step.line);
              const reply = await nextReply();
              if (reply.code === 0) broken = true;
              if (step.rcpt === null) {
                if (reply.code !== 250) {
                  broken = true;
                  refusedEnvelope = reply;
                }
                inTransaction = 0;
                continue;
              }
              if (broken) {
                replies.set(
                  step.rcpt,
                  refusedEnvelope ? afterRefusedEnvelope(refusedEnvelope) : reply,
                );
                continue;
              }
              if (isTooManyRecipients(reply)) {
                // Remember how many this server takes per transaction, then go on.
                limit = Math.max(1, Math.min(limit ?? Number.POSITIVE_INFINITY, inTransaction));
                retry.push(step.rcpt);
                continue;
              }
              inTransaction++;
              progressed = true;
              replies.set(step.rcpt, reply);
            }
            if (retry.length > 0 && !broken) {
              if (!progressed && inTransaction === 0) {
                // Not even one recipient per transaction: this session can do no more.
                for (const rcpt of [...retry, ...queue]) {
                  replies.set(rcpt, { code: 452, enhanced: '4.5.3', text: 'Too many recipients' });
                }
                queue.length = 0;
                break;
              }
              queue.unshift(...retry);
              inTransaction = limit ?? inTransaction;
            }
          }
          for (const rcpt of recipients) {
            if (!replies.has(rcpt))
              replies.set(rcpt, lostReply('Connection closed by the mail server'));
          }
          return replies;
        },
        async close() {
          options.signal?.removeEventListener('abort', onAbort);
          if (!session.alive()) {
            socket.destroy();
            return;
          }
          // QUIT's reply is not worth a round trip: end our side once it is written.
          send('QUIT');
          socket.end();
          const timer = setTimeout(() => socket.destroy(), timeout);
          timer.unref();
          socket.once('close', () => clearTimeout(timer));
        },
      };
      return { ok: true, session };
    } catch (error) {
      return fail(failureOf(error).failure, null, failureOf(error).detail);
    }
  },
};
