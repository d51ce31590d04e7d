import type { VerifyChecks, VerifyStatus } from '@mailhound/contracts';

// How each status reads on screen: Hunter's words, a colour for what the user can do with it.
export const statusWords: Record<VerifyStatus, { label: string; color: string }> = {
  valid: { label: 'Valid', color: 'green' },
  invalid: { label: 'Invalid', color: 'red' },
  accept_all: { label: 'Accept all', color: 'yellow' },
  webmail: { label: 'Webmail', color: 'blue' },
  disposable: { label: 'Disposable', color: 'orange' },
  unknown: { label: 'Unknown', color: 'gray' },
};

type Check = keyof VerifyChecks;

// A check reads well when true (the address's domain has MX records) or when false (it is not
// disposable); `good` says which.
export type CheckWords = { check: Check; label: string; good: boolean };

// Hunter's checks, in the order of its verifier.
export const hunterChecks: CheckWords[] = [
  { check: 'regexp', label: 'Format', good: true },
  { check: 'gibberish', label: 'Gibberish', good: false },
  { check: 'disposable', label: 'Disposable', good: false },
  { check: 'webmail', label: 'Webmail', good: false },
  { check: 'mx_records', label: 'MX records', good: true },
  { check: 'smtp_server', label: 'SMTP server', good: true },
  { check: 'smtp_check', label: 'SMTP check', good: true },
  { check: 'accept_all', label: 'Accept all', good: false },
  { check: 'block', label: 'Blocked', good: false },
];

// Ours, from the mail server's reply.
export const ourChecks: CheckWords[] = [
  { check: 'role', label: 'Role address', good: false },
  { check: 'full_inbox', label: 'Full inbox', good: false },
  { check: 'disabled', label: 'Disabled', good: false },
  { check: 'greylisted', label: 'Greylisted', good: false },
];

export function checkColor(words: CheckWords, value: boolean): string {
  if (value === words.good) return words.good ? 'green' : 'gray';
  return words.good ? 'red' : 'orange';
}
