import { z } from 'zod';

// Sender-domain health (issue 25): what a mailbox's domain publishes in DNS for receivers to
// trust its mail. Each check is ok, warn (works, but receivers may doubt it) or fail.
export const healthStateSchema = z.enum(['ok', 'warn', 'fail']);
export type HealthState = z.infer<typeof healthStateSchema>;

export const HEALTH_CHECKS = ['spf', 'dmarc', 'dkim', 'mx', 'reverse_dns'] as const;
export const healthCheckNames: Record<(typeof HEALTH_CHECKS)[number], string> = {
  spf: 'SPF',
  dmarc: 'DMARC',
  dkim: 'DKIM',
  mx: 'MX',
  reverse_dns: 'Reverse DNS',
};

export const healthCheckSchema = z.object({
  check: z.enum(HEALTH_CHECKS),
  state: healthStateSchema,
  // What was found (the record), or null.
  found: z.string().nullable(),
  // What is missing or wrong, in words; null when ok.
  problem: z.string().nullable(),
  // The record to add or change, where one would fix it.
  fix: z
    .object({ type: z.enum(['TXT', 'PTR', 'MX']), name: z.string(), value: z.string() })
    .nullable(),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;

// GET /api/mail/mailboxes/{id}/health: state is the worst check's, null before the first check.
export const mailboxHealthSchema = z.object({
  domain: z.string(),
  state: healthStateSchema.nullable(),
  checked: z.string().nullable(),
  dkim_selector: z.string().nullable(),
  checks: z.array(healthCheckSchema),
});
export type MailboxHealth = z.infer<typeof mailboxHealthSchema>;

// A DKIM selector is one or more DNS labels (RFC 6376 §3.1).
const DKIM_SELECTOR =
  /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
export const dkimSelectorMessage =
  'A DKIM selector is letters, digits and hyphens, in labels separated by dots.';

// POST /api/mail/mailboxes/{id}/health: check again now; an empty selector means the common ones.
export const healthCheckRequestSchema = z
  .object({
    dkim_selector: z
      .string()
      .trim()
      .max(63, dkimSelectorMessage)
      .refine((value) => value === '' || DKIM_SELECTOR.test(value), dkimSelectorMessage)
      .optional(),
  })
  .strict();
export type HealthCheckRequest = z.output<typeof healthCheckRequestSchema>;

// Ramp-up (issue 25): a new mailbox sends RAMP_FIRST_DAY mails on its first day and RAMP_DAILY_STEP
// more each day after, until its own daily limit.
export const RAMP_FIRST_DAY = 5;
export const RAMP_DAILY_STEP = 3;
const DAY_MS = 86_400_000;

// The day of the ramp (1 on the day it started), or null when the ramp is off.
export function rampDay(rampStarted: Date | null, now: Date): number | null {
  if (rampStarted === null) return null;
  return Math.max(0, Math.floor((now.getTime() - rampStarted.getTime()) / DAY_MS)) + 1;
}

// The mailbox's daily limit today: its own limit, or less while it ramps up.
export function rampedDailyLimit(limit: number, rampStarted: Date | null, now: Date): number {
  const day = rampDay(rampStarted, now);
  return day === null ? limit : Math.min(limit, RAMP_FIRST_DAY + RAMP_DAILY_STEP * (day - 1));
}

// The ramp's day on which the mailbox reaches its own limit.
export function rampFullDay(limit: number): number {
  return Math.max(1, Math.ceil((limit - RAMP_FIRST_DAY) / RAMP_DAILY_STEP) + 1);
}
