import { imapClient, type MailLogin, smtpTransport } from '../../platform/mail/connections.ts';
import type { ResolvedHost } from '../../platform/mail/host-policy.ts';
import { mailConnectionProblem } from '../../platform/mail/mail-errors.ts';
import type { MailboxStatus } from './schema.ts';

// A mail server that has not answered within this is reported as unreachable.
const CHECK_TIMEOUT_MS = 8000;

export type Endpoint = { resolved: ResolvedHost; port: number };
export type Credentials = MailLogin;
export type CheckOutcome = { status: MailboxStatus; statusMessage: string | null };

// nodemailer's verify(): connect, EHLO, STARTTLS when offered, AUTH.
export async function checkSmtp(
  endpoint: Endpoint,
  credentials: Credentials,
): Promise<string | null> {
  const { resolved, port } = endpoint;
  if ('error' in resolved) return resolved.error;
  const transport = smtpTransport({ ...resolved, port }, credentials, {
    timeoutMs: CHECK_TIMEOUT_MS,
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
  const client = imapClient({ ...resolved, port }, credentials, {
    timeoutMs: CHECK_TIMEOUT_MS,
    verifyOnly: true,
  });
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
