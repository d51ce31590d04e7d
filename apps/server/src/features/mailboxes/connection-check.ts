import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';
import type { ResolvedHost } from './host-policy.ts';
import { mailConnectionProblem } from './mail-errors.ts';
import type { MailboxStatus } from './schema.ts';

// A mail server that has not answered within this is reported as unreachable.
const CHECK_TIMEOUT_MS = 8000;

export type Endpoint = { resolved: ResolvedHost; port: number };
export type Credentials = { user: string; password: string };
export type CheckOutcome = { status: MailboxStatus; statusMessage: string | null };

// nodemailer's verify(): connect, EHLO, STARTTLS when offered, AUTH.
export async function checkSmtp(
  endpoint: Endpoint,
  credentials: Credentials,
): Promise<string | null> {
  const { resolved, port } = endpoint;
  if ('error' in resolved) return resolved.error;
  const transport = nodemailer.createTransport({
    host: resolved.address,
    port,
    secure: port === 465,
    auth: { user: credentials.user, pass: credentials.password },
    tls: { servername: resolved.host },
    connectionTimeout: CHECK_TIMEOUT_MS,
    greetingTimeout: CHECK_TIMEOUT_MS,
    socketTimeout: CHECK_TIMEOUT_MS,
  });
  try {
    await transport.verify();
    return null;
  } catch (error) {
    return mailConnectionProblem({ host: resolved.host, port }, error);
  } finally {
    transport.close();
  }
}

// imapflow login: connect, STARTTLS when offered, LOGIN/AUTHENTICATE, LOGOUT.
export async function checkImap(
  endpoint: Endpoint,
  credentials: Credentials,
): Promise<string | null> {
  const { resolved, port } = endpoint;
  if ('error' in resolved) return resolved.error;
  const client = new ImapFlow({
    host: resolved.address,
    servername: resolved.host,
    port,
    secure: port === 993,
    auth: { user: credentials.user, pass: credentials.password },
    logger: false,
    verifyOnly: true,
    connectionTimeout: CHECK_TIMEOUT_MS,
    greetingTimeout: CHECK_TIMEOUT_MS,
    socketTimeout: CHECK_TIMEOUT_MS,
  });
  // Errors also arrive as events; without a listener one would crash the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
    return null;
  } catch (error) {
    return mailConnectionProblem({ host: resolved.host, port }, error);
  } finally {
    client.close();
  }
}

export async function checkMailbox(
  smtp: Endpoint,
  imap: Endpoint,
  credentials: Credentials,
): Promise<CheckOutcome> {
  const [smtpError, imapError] = await Promise.all([
    checkSmtp(smtp, credentials),
    checkImap(imap, credentials),
  ]);
  const problems = [
    smtpError ? `SMTP: ${smtpError}` : undefined,
    imapError ? `IMAP: ${imapError}` : undefined,
  ].filter((problem) => problem !== undefined);
  return problems.length === 0
    ? { status: 'active', statusMessage: null }
    : { status: 'error', statusMessage: problems.join('\n') };
}
