// What an SMTP failure means for an e-mail that must go out at most once.
export type SmtpOutcome =
  // The server refused the recipient for good (5xx on RCPT TO): the contact bounced.
  | { kind: 'bounced'; error: string }
  // Refused for now (4xx) or never reached the server: nothing was delivered, try later.
  | { kind: 'retry'; error: string }
  // The server refused the mailbox's login for good (5xx on AUTH): nothing was delivered, and
  // nothing will be until the user fixes the mailbox.
  | { kind: 'login'; error: string }
  // Refused for good for another reason (5xx on MAIL FROM, DATA): nothing was delivered.
  | { kind: 'failed'; error: string }
  // The connection broke while the message may already have been accepted: only the Sent
  // folder can tell.
  | { kind: 'ambiguous'; error: string };

type SmtpError = {
  responseCode?: number;
  command?: string;
  code?: string;
  response?: string;
  message?: string;
  // Set by platform/mail/mail-transports.ts: the whole message had gone to the server.
  messageHandedOver?: boolean;
};

const beforeAnything = new Set(['ECONNECTION', 'EDNS', 'EAUTH', 'ETLS', 'EENVELOPE']);

export function classifySmtpError(error: unknown): SmtpOutcome {
  const found = (error ?? {}) as SmtpError;
  const text = (found.response ?? found.message ?? String(error)).trim();
  const code = found.responseCode;
  if (found.code === 'EAUTH' && (code ?? 500) >= 500) return { kind: 'login', error: text };
  if (code !== undefined && code >= 500) {
    return /RCPT/i.test(found.command ?? '')
      ? { kind: 'bounced', error: text }
      : { kind: 'failed', error: text };
  }
  if (code !== undefined && code >= 400) return { kind: 'retry', error: text };
  // nodemailer names a broken or timed-out connection 'CONN' whatever it was doing; after the
  // message, the server may have taken it.
  if (found.messageHandedOver) return { kind: 'ambiguous', error: text };
  if (found.command === 'CONN' || beforeAnything.has(found.code ?? '')) {
    return { kind: 'retry', error: text };
  }
  return { kind: 'ambiguous', error: text };
}

// Whether a refusal says the recipient's mailbox does not exist: the enhanced status code right
// after the reply code (RFC 3463) is one of the bad-destination ones — 5.1.1 bad mailbox, 5.1.3
// bad address syntax, 5.1.6 mailbox moved, 5.1.10 (Microsoft's recipient not found) — as a hard
// bounce report must say to teach the finder (unibox/file-message.ts). A code elsewhere in the
// text, a sender-side one (5.1.0 'Sender address rejected', 5.1.7, 5.1.8) or any other refusal
// (5.7.1 relaying denied, a policy block) says nothing about the recipient's address.
const recipientNotFound = new Set(['5.1.1', '5.1.3', '5.1.6', '5.1.10']);

export function refusedAsNoSuchMailbox(error: string): boolean {
  const code = /^5\d\d[ -]#?(5\.\d{1,3}\.\d{1,3})\b/.exec(error.trim())?.[1];
  return code !== undefined && recipientNotFound.has(code) && !/sender address/i.test(error);
}
