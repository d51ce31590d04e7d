import { z } from 'zod';

// The verdict on one address (issue 22), in the words of Hunter's API v2 email verifier
// (`GET /v2/email-verifier`: status, score and its checks), plus ours: role, full_inbox,
// disabled, greylisted and the SMTP reply that decided it. Every screen and file that tells
// whether an address works uses this vocabulary.
export const verifyStatuses = [
  'valid',
  'invalid',
  'accept_all',
  'webmail',
  'disposable',
  'unknown',
] as const;
export const verifyStatusSchema = z.enum(verifyStatuses);
export type VerifyStatus = z.infer<typeof verifyStatusSchema>;

// Only a conclusive answer costs a credit: one for valid or invalid, nothing for the others.
export const CREDITS_PER_VERIFICATION = 1;
export function isChargedVerdict(status: VerifyStatus): boolean {
  return status === 'valid' || status === 'invalid';
}

export const smtpReplySchema = z.object({
  // 0 when the server never answered.
  code: z.number().int(),
  // RFC 3463 enhanced status code ('5.1.1') when the reply carried one.
  enhanced: z.string().nullable(),
  text: z.string(),
});
export type SmtpReplyData = z.infer<typeof smtpReplySchema>;

export const verifyChecksSchema = z.object({
  // Hunter's checks.
  regexp: z.boolean(),
  gibberish: z.boolean(),
  disposable: z.boolean(),
  webmail: z.boolean(),
  mx_records: z.boolean(),
  smtp_server: z.boolean(),
  smtp_check: z.boolean(),
  accept_all: z.boolean(),
  block: z.boolean(),
  // Ours.
  role: z.boolean(),
  full_inbox: z.boolean(),
  disabled: z.boolean(),
  greylisted: z.boolean(),
});
export type VerifyChecks = z.infer<typeof verifyChecksSchema>;

export const verdictSchema = verifyChecksSchema.extend({
  email: z.string(),
  status: verifyStatusSchema,
  // How likely mail to the address is delivered, 0–100.
  score: z.number().int().min(0).max(100),
  // One line in words: why this status.
  reason: z.string(),
  // The reply to RCPT TO that decided it; null when no mail server was asked.
  smtp_reply: smtpReplySchema.nullable(),
});
export type Verdict = z.infer<typeof verdictSchema>;

export const verifyReasons = {
  notAnAddress: 'This is not an e-mail address.',
  disposable: 'A disposable address: it works for a while, then nobody reads it.',
  noMailServer: 'The domain has no mail server: nothing can be delivered to it.',
  disabled: 'The mail server says this mailbox is disabled.',
  fullInbox: 'The mailbox is full: mail to it bounces.',
  blocked: 'The mail server blocked our check; it may still exist.',
  rejected: 'The mail server rejected this address: it does not exist.',
  webmail: 'A webmail address (a free provider), not a company one.',
  acceptAll: 'The domain accepts every address: this one cannot be confirmed.',
  valid: 'The mail server confirmed this mailbox exists.',
  acceptAllUnknown:
    'The mail server accepted it, but we could not tell whether it accepts every address.',
  greylisted: 'The mail server kept asking us to try again later (greylisting).',
  noAnswer: 'The mail server did not answer.',
} as const;
