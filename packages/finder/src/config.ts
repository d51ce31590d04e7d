import { z } from 'zod';
import type { EvidenceView } from './pattern-knowledge.ts';

const list = z.string().transform((value) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');
const positive = z.coerce.number().int().positive();

export const finderConfigSchema = z.object({
  // DNS resolvers as host:port; the defaults are public resolvers.
  resolvers: z.array(z.string().min(1)).min(1).default(['1.1.1.1:53', '8.8.8.8:53']),
  // The name we greet with: a name we own, never the probed domain.
  heloName: z.string().min(1).default('verify.mailhound.local'),
  mailFrom: z.string().email().default('verify@mailhound.local'),
  localAddress: z.string().optional(),
  smtpPort: positive.max(65535).default(25),
  connectTimeoutMs: positive.default(10_000),
  commandTimeoutMs: positive.default(15_000),
  dnsTimeoutMs: positive.default(2_000),
  // SMTP sessions open at once, overall and per MX address.
  concurrency: positive.default(64),
  perHostConcurrency: positive.default(4),
  // Gap between two session starts on one MX address.
  perHostIntervalMs: z.coerce.number().int().min(0).default(50),
  // socks5://user:pass@host:port
  socksProxy: z.string().url().optional(),
  // Lets MX hosts on private, loopback or link-local addresses be contacted (tests, labs).
  allowPrivateMx: z.boolean().default(false),
  // Waits before asking a greylisting server again; unknown after the last one.
  greylistRetryDelaysMs: z.array(z.number().int().min(0)).default([60_000, 300_000]),
  // How long a host that answered 421 is left alone.
  busyBackoffMs: positive.default(30_000),
  catchAllTtlMs: positive.default(3_600_000),
  // At a catch-all domain the pattern is "known" (README: the catch-all judgement) when the
  // posterior that a person there has its address is at least this.
  knownPatternMinProbability: z.number().min(0).max(1).default(0.97),
  // The same at a domain that refuses unknown recipients, where the known pattern only makes
  // an accepted first@ (or another possible-kind address) exact: SMTP has already proven
  // the address exists and every exact-kind candidate was refused.
  refusedKnownPatternMinConfirmations: positive.default(3),
  refusedKnownPatternMinShare: z.number().min(0).max(1).default(0.5),
  // A domain is bouncing (mail that did not bounce proves its address) while it has a bounce
  // observed within this many days (README: pattern knowledge).
  bouncingDomainDays: positive.default(180),
  // Another user's observations count for a lookup only as facts this many distinct other
  // users agree on, and each adds at most this many addresses per domain to the counts.
  sharedEvidenceMinObservers: positive.default(2),
  sharedEvidenceMaxPerObserver: z.coerce.number().int().min(0).default(2),
});

export type FinderConfig = z.infer<typeof finderConfigSchema>;

// Whose evidence a lookup for `viewer` (none: nobody in particular) at time `now` weighs.
export const evidenceView = (
  config: Pick<
    FinderConfig,
    'bouncingDomainDays' | 'sharedEvidenceMinObservers' | 'sharedEvidenceMaxPerObserver'
  >,
  now: number,
  viewer?: string,
): EvidenceView => ({
  ...(viewer === undefined ? {} : { viewer }),
  bouncingSince: now - config.bouncingDomainDays * 86_400_000,
  minObservers: config.sharedEvidenceMinObservers,
  maxPerObserver: config.sharedEvidenceMaxPerObserver,
});
export type FinderConfigInput = z.input<typeof finderConfigSchema>;

export function finderConfig(input: FinderConfigInput = {}): FinderConfig {
  return finderConfigSchema.parse(input);
}

const envSchema = z.object({
  FINDER_RESOLVERS: list.optional(),
  FINDER_HELO_NAME: z.string().optional(),
  FINDER_MAIL_FROM: z.string().optional(),
  FINDER_LOCAL_ADDRESS: z.string().optional(),
  FINDER_SMTP_PORT: z.string().optional(),
  FINDER_CONNECT_TIMEOUT_MS: z.string().optional(),
  FINDER_COMMAND_TIMEOUT_MS: z.string().optional(),
  FINDER_CONCURRENCY: z.string().optional(),
  FINDER_PER_HOST_CONCURRENCY: z.string().optional(),
  FINDER_BUSY_BACKOFF_MS: z.string().optional(),
  FINDER_SOCKS_PROXY: z.string().optional(),
  FINDER_ALLOW_PRIVATE_MX: flag.optional(),
});

// The FINDER_* environment variables (README "Configuration"); empty means default.
export function finderConfigFromEnv(env: Record<string, string | undefined>): FinderConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key.startsWith('FINDER_') && value !== ''),
  );
  const e = envSchema.parse(present);
  return finderConfigSchema.parse({
    resolvers: e.FINDER_RESOLVERS,
    heloName: e.FINDER_HELO_NAME,
    mailFrom: e.FINDER_MAIL_FROM,
    localAddress: e.FINDER_LOCAL_ADDRESS,
    smtpPort: e.FINDER_SMTP_PORT,
    connectTimeoutMs: e.FINDER_CONNECT_TIMEOUT_MS,
    commandTimeoutMs: e.FINDER_COMMAND_TIMEOUT_MS,
    concurrency: e.FINDER_CONCURRENCY,
    perHostConcurrency: e.FINDER_PER_HOST_CONCURRENCY,
    busyBackoffMs: e.FINDER_BUSY_BACKOFF_MS,
    socksProxy: e.FINDER_SOCKS_PROXY,
    allowPrivateMx: e.FINDER_ALLOW_PRIVATE_MX,
  });
}
