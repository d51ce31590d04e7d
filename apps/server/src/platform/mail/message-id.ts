import { randomUUID } from 'node:crypto';

// The Message-ID of a mail we send (RFC 5322 §3.6.4): unique, at the sending mailbox's domain.
// Fixed before any SMTP, it is how the Sent folder, replies and bounces find the mail again.
export function newMessageId(senderEmail: string): string {
  const domain = senderEmail.split('@')[1] ?? 'mailhound.local';
  return `<${randomUUID()}@${domain}>`;
}
