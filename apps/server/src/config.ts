import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { type FinderConfig, finderConfigFromEnv } from '@mailhound/finder';
import { z } from 'zod';

// Relative paths in the environment are read from the repository root, so that
// `npm start` at the root and a workspace script find the same ./data.
export const repoRoot = resolve(import.meta.dirname, '../../..');

// Billing's settings (PLANS_FILE, BONUS_CREDITS, STRIPE_*).
export type StripeConfig = {
  secretKey: string;
  publishableKey: string | undefined;
  webhookSecret: string | undefined;
  // https://api.stripe.com, or stripe-mock / a local fake in tests.
  apiUrl: string;
};

export type BillingConfig = {
  plansFile: string | undefined;
  bonusCredits: number;
  // Unset: the offline local provider takes payments with test cards.
  stripe: StripeConfig | undefined;
};

type Variable = { name: string; default: string; meaning: string };

const variables = [
  { name: 'PORT', default: '8080', meaning: 'HTTP port of the API and web app' },
  { name: 'HOST', default: '127.0.0.1', meaning: 'address the HTTP server listens on' },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    meaning:
      "behind a reverse proxy: true, the number of proxy hops, or the proxies' addresses/CIDRs (comma list); the client address (guest allowance, login limits) is then read from X-Forwarded-For",
  },
  {
    name: 'PUBLIC_URL',
    default: 'http://localhost:{PORT}',
    meaning:
      'public base URL, used in mailed links, checkout return addresses and the Google redirect URI',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset)',
    meaning: 'PostgreSQL connection string; unset starts an embedded PostgreSQL in DATA_DIR/pg',
  },
  {
    name: 'DATA_DIR',
    default: './data',
    meaning: 'local state: embedded database, generated secrets (relative to the repository)',
  },
  {
    name: 'PG_PORT',
    default: '54329',
    meaning: 'port of the embedded PostgreSQL (a free port is used when it is busy)',
  },
  {
    name: 'JWT_SECRET',
    default: '(generated)',
    meaning: 'HS256 signing secret; unset generates one once into DATA_DIR/jwt-secret (mode 600)',
  },
  { name: 'TOKEN_TTL', default: '7d', meaning: 'login token lifetime (s, m, h or d suffix)' },
  {
    name: 'SMTP_URL',
    default: '(unset)',
    meaning:
      'SMTP server for transactional mail; unset keeps mail in the outbox, shown at /dev/outbox while HOST is a loopback address',
  },
  {
    name: 'DEV_OUTBOX',
    default: 'false',
    meaning:
      "show /dev/outbox (everyone's codes and reset links) even when HOST is not a loopback address",
  },
  {
    name: 'HSTS',
    default: 'false',
    meaning:
      'behind TLS only: send Strict-Transport-Security (one year, subdomains) and upgrade-insecure-requests in the CSP',
  },
  {
    name: 'MAIL_FROM',
    default: 'Mailhound <no-reply@mailhound.dev>',
    meaning: 'sender of transactional mail',
  },
  {
    name: 'OIDC_ISSUER',
    default: 'https://accounts.google.com',
    meaning: 'OpenID Connect issuer for "Sign in with Google"',
  },
  {
    name: 'OIDC_CLIENT_ID',
    default: '(unset)',
    meaning: 'OpenID Connect client id; unset disables Google sign-in (503)',
  },
  { name: 'OIDC_CLIENT_SECRET', default: '(unset)', meaning: 'OpenID Connect client secret' },
  {
    name: 'DEFAULT_SECTIONS',
    default: 'mail',
    meaning: 'comma list of sections given to new users (properties.sections)',
  },
  {
    name: 'ANALYTICS_FORWARD_URL',
    default: '(unset)',
    meaning: 'when set, analytics events are also POSTed there as JSON',
  },
  { name: 'LOG_LEVEL', default: 'info', meaning: 'pino log level (fatal..trace, silent)' },
  {
    name: 'LOG_FORMAT',
    default: 'auto',
    meaning: 'auto: readable lines in a terminal, JSON lines otherwise; json or pretty forces one',
  },
  {
    name: 'WEB_DIST',
    default: 'apps/web/dist',
    meaning: 'built web app served with SPA fallback (relative to the repository)',
  },
  { name: 'BODY_LIMIT_BYTES', default: '1048576', meaning: 'largest accepted request body' },
  {
    name: 'SEED_DEMO',
    default: 'true',
    meaning: 'seed the Free plan and demo@mailhound.dev / Demo1234 at `start`',
  },
  {
    name: 'DEMO_MAIL_WORLD',
    default: 'auto',
    meaning:
      "auto, on or off: the demo companies' `.example` domains answered by an in-process mail lab (started on the first demo search); auto is on without DATABASE_URL. Other domains always go to FINDER_RESOLVERS",
  },
  {
    name: 'BULK_CHUNKS_AT_ONCE',
    default: '16',
    meaning:
      'chunks of a bulk list (up to 100 rows each) a worker looks up at once; fewer hold less memory',
  },
  {
    name: 'FREE_PLAN_CREDITS',
    default: '25',
    meaning: 'monthly credits of the Free plan, applied to the plan at start',
  },
  {
    name: 'ALTCHA_HMAC_KEY',
    default: '(generated)',
    meaning: 'signs ALTCHA bot-check challenges; unset generates one into DATA_DIR/altcha-hmac-key',
  },
  {
    name: 'ALTCHA_MAX_NUMBER',
    default: '100000',
    meaning: 'ALTCHA difficulty: the largest counter a guest browser may have to reach',
  },
  {
    name: 'TURNSTILE_SITE_KEY',
    default: '(unset)',
    meaning: 'with TURNSTILE_SECRET_KEY, guests pass Cloudflare Turnstile instead of ALTCHA',
  },
  { name: 'TURNSTILE_SECRET_KEY', default: '(unset)', meaning: 'Cloudflare Turnstile secret key' },
  {
    name: 'TURNSTILE_VERIFY_URL',
    default: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    meaning: 'Turnstile siteverify endpoint',
  },
  {
    name: 'FINDER_RESOLVERS',
    default: '1.1.1.1:53,8.8.8.8:53',
    meaning: 'finder and mailbox domain health: DNS resolvers (host:port, comma-separated)',
  },
  {
    name: 'FINDER_HELO_NAME',
    default: 'verify.mailhound.local',
    meaning: 'finder: EHLO name (a name you own, with a matching PTR)',
  },
  {
    name: 'FINDER_MAIL_FROM',
    default: 'verify@mailhound.local',
    meaning: 'finder: MAIL FROM address of the probes',
  },
  {
    name: 'FINDER_LOCAL_ADDRESS',
    default: '(unset)',
    meaning: 'finder: source address of SMTP connections',
  },
  { name: 'FINDER_SMTP_PORT', default: '25', meaning: 'finder: SMTP port of the MX hosts' },
  {
    name: 'FINDER_CONNECT_TIMEOUT_MS',
    default: '10000',
    meaning: 'finder: TCP connect timeout',
  },
  {
    name: 'FINDER_COMMAND_TIMEOUT_MS',
    default: '15000',
    meaning: 'finder: timeout of the banner and of each SMTP reply',
  },
  { name: 'FINDER_CONCURRENCY', default: '64', meaning: 'finder: SMTP sessions open at once' },
  {
    name: 'FINDER_PER_HOST_CONCURRENCY',
    default: '4',
    meaning: 'finder: SMTP sessions open at once per MX address',
  },
  {
    name: 'FINDER_BUSY_BACKOFF_MS',
    default: '30000',
    meaning: 'finder: how long an MX address that answered 421 is left alone',
  },
  {
    name: 'FINDER_SOCKS_PROXY',
    default: '(unset)',
    meaning: 'finder: SMTP through a SOCKS5 proxy (socks5://user:pass@host:port)',
  },
  {
    name: 'FINDER_ALLOW_PRIVATE_MX',
    default: 'false',
    meaning: 'finder: let MX hosts on private or loopback addresses be probed (labs, tests)',
  },
  {
    name: 'PLANS_FILE',
    default: '(unset)',
    meaning: 'JSON file of plans replacing the built-in Free, Starter, Growth and Extra credits',
  },
  { name: 'BONUS_CREDITS', default: '20', meaning: 'credits of the one-time bonus' },
  {
    name: 'STRIPE_SECRET_KEY',
    default: '(unset)',
    meaning: 'Stripe secret key; unset uses the offline local payment provider (test cards)',
  },
  { name: 'STRIPE_PUBLISHABLE_KEY', default: '(unset)', meaning: 'Stripe publishable key' },
  {
    name: 'STRIPE_WEBHOOK_SECRET',
    default: '(unset)',
    meaning: 'signing secret of the Stripe webhook at /api/checkout/webhook',
  },
  {
    name: 'STRIPE_API_URL',
    default: 'https://api.stripe.com',
    meaning: 'Stripe API base URL (stripe-mock or a proxy)',
  },
  {
    name: 'MAILBOX_SECRET_KEY',
    default: '(generated)',
    meaning:
      'encrypts sender mailbox passwords (AES-256-GCM); unset generates one into DATA_DIR/mailbox-secret-key',
  },
  {
    name: 'MAIL_ALLOW_PRIVATE_HOSTS',
    default: 'false',
    meaning: 'let sender mailboxes use SMTP/IMAP hosts on private or loopback addresses (tests)',
  },
  {
    name: 'WEBHOOK_ALLOW_PRIVATE_HOSTS',
    default: 'false',
    meaning: 'let webhook URLs point to private or loopback addresses (tests)',
  },
  {
    name: 'WEBHOOK_RETRY_SECONDS',
    default: '60',
    meaning: 'first wait before a failed webhook delivery is retried; it doubles each time',
  },
  {
    name: 'TRACKING_SECRET',
    default: '(generated)',
    meaning:
      'signs unsubscribe and click-tracking links; unset generates one into DATA_DIR/tracking-secret',
  },
  {
    name: 'INBOX_IDLE_SECONDS',
    default: '240',
    meaning: 'inbox sync: how long a mailbox read waits for new mail with IMAP IDLE',
  },
  {
    name: 'INBOX_POLL_SECONDS',
    default: '60',
    meaning: 'inbox sync: how often a mailbox whose server has no IDLE is read',
  },
  {
    name: 'INBOX_SYNC_CONCURRENCY',
    default: '20',
    meaning: 'inbox sync: mailboxes read (and idling) at once per worker process',
  },
] as const satisfies readonly Variable[];

export function describeConfig(): Variable[] {
  return variables.map((variable) => ({ ...variable }));
}

const durationPattern = /^(\d+)\s*([smhd]?)$/;
const secondsPerUnit: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86_400 };

const duration = z
  .string()
  .trim()
  .regex(durationPattern, 'must be a number of seconds or end with s, m, h or d (e.g. 7d)')
  .transform((value) => {
    const [, amount, unit] = durationPattern.exec(value) ?? [];
    return Number(amount) * (secondsPerUnit[unit ?? ''] ?? 1);
  });

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const port = z.coerce.number().int().min(0).max(65_535);

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const environmentSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((value): boolean | number | string => {
      if (value === '' || value === 'false') return false;
      if (value === 'true') return true;
      if (/^\d+$/.test(value)) return Number(value);
      return value;
    }),
  // Unset: http://localhost on the port the app serves (see loadConfig).
  PUBLIC_URL: z
    .url()
    .optional()
    .transform((value) => value?.replace(/\/+$/, '')),
  DATABASE_URL: optionalText,
  DATA_DIR: z.string().trim().min(1).default('./data'),
  PG_PORT: port.default(54_329),
  JWT_SECRET: optionalText,
  TOKEN_TTL: duration.default(7 * 86_400),
  SMTP_URL: optionalText,
  DEV_OUTBOX: booleanText.default(false),
  HSTS: booleanText.default(false),
  MAIL_FROM: z.string().trim().min(3).default('Mailhound <no-reply@mailhound.dev>'),
  OIDC_ISSUER: z.url().default('https://accounts.google.com'),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  DEFAULT_SECTIONS: z
    .string()
    .default('mail')
    .transform((value) =>
      value
        .split(',')
        .map((section) => section.trim())
        .filter(Boolean),
    ),
  ANALYTICS_FORWARD_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  WEB_DIST: z.string().trim().min(1).default('apps/web/dist'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  SEED_DEMO: booleanText.default(true),
  DEMO_MAIL_WORLD: z.enum(['auto', 'on', 'off']).default('auto'),
  BULK_CHUNKS_AT_ONCE: z.coerce.number().int().min(1).max(1000).default(16),
  FREE_PLAN_CREDITS: z.coerce.number().int().min(0).default(25),
  ALTCHA_HMAC_KEY: optionalText,
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
  TURNSTILE_SITE_KEY: optionalText,
  TURNSTILE_SECRET_KEY: optionalText,
  TURNSTILE_VERIFY_URL: z
    .url()
    .default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  PLANS_FILE: optionalText,
  BONUS_CREDITS: z.coerce.number().int().min(0).default(20),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  MAILBOX_SECRET_KEY: optionalText,
  MAIL_ALLOW_PRIVATE_HOSTS: booleanText.default(false),
  WEBHOOK_ALLOW_PRIVATE_HOSTS: booleanText.default(false),
  WEBHOOK_RETRY_SECONDS: z.coerce.number().int().min(1).default(60),
  TRACKING_SECRET: optionalText,
  INBOX_IDLE_SECONDS: z.coerce.number().int().min(0).max(1500).default(240),
  INBOX_POLL_SECONDS: z.coerce.number().int().min(10).default(60),
  INBOX_SYNC_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(20),
});

// The variables the server itself reads (the finder's FINDER_* are read by the finder's schema).
export const serverVariableNames = Object.keys(environmentSchema.shape);

export type Config = {
  port: number;
  host: string;
  // Fastify's trustProxy: which X-Forwarded-For hops to believe for the client address.
  trustProxy: boolean | number | string;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  pgPort: number;
  jwtSecret: string;
  tokenTtlSeconds: number;
  smtpUrl: string | undefined;
  devOutbox: boolean;
  hsts: boolean;
  mailFrom: string;
  oidc: { issuer: string; clientId: string | undefined; clientSecret: string | undefined };
  defaultSections: string[];
  analyticsForwardUrl: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  logFormat: 'auto' | 'json' | 'pretty';
  webDist: string;
  bodyLimitBytes: number;
  seedDemo: boolean;
  // The demo companies' mail answered in-process (features/search/demo-mail-world.ts).
  demoMailWorld: boolean;
  // Chunks of a bulk list a worker process looks up at once, per request it runs.
  bulkChunksAtOnce: number;
  freePlanCredits: number;
  botCheck: {
    altchaHmacKey: string;
    altchaMaxNumber: number;
    // Set when both Turnstile keys are: guests then pass Turnstile instead of ALTCHA.
    turnstile: { siteKey: string; secretKey: string; verifyUrl: string } | undefined;
  };
  finder: FinderConfig;
  billing: BillingConfig;
  mailboxes: { secretKey: string; allowPrivateHosts: boolean };
  webhooks: { allowPrivateHosts: boolean; retrySeconds: number };
  tracking: { secret: string };
  inbox: { idleSeconds: number; pollSeconds: number; concurrency: number };
};

export class ConfigError extends Error {}

function fromRepoRoot(path: string): string {
  return isAbsolute(path) ? path : resolve(repoRoot, path);
}

// A generated secret is kept so that tokens (and issued challenges) survive a restart.
function readOrCreateSecret(dataDir: string, name: string): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty variables count as unset, as in most .env tooling.
  const present = Object.fromEntries(
    Object.entries(env).filter(([name, value]) => value !== '' && name in environmentSchema.shape),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  if (Boolean(values.TURNSTILE_SITE_KEY) !== Boolean(values.TURNSTILE_SECRET_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY are set together',
    );
  }
  let finder: FinderConfig;
  try {
    finder = finderConfigFromEnv(env);
  } catch (error) {
    const issues = error instanceof z.ZodError ? error.issues : [];
    const problems = issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid finder configuration (FINDER_*):\n  ${problems.join('\n  ')}`);
  }
  const dataDir = fromRepoRoot(values.DATA_DIR);
  return {
    port: values.PORT,
    host: values.HOST,
    trustProxy: values.TRUST_PROXY,
    publicUrl: values.PUBLIC_URL ?? `http://localhost:${values.PORT}`,
    databaseUrl: values.DATABASE_URL,
    dataDir,
    pgPort: values.PG_PORT,
    jwtSecret: values.JWT_SECRET ?? readOrCreateSecret(dataDir, 'jwt-secret'),
    tokenTtlSeconds: values.TOKEN_TTL,
    smtpUrl: values.SMTP_URL,
    devOutbox: values.DEV_OUTBOX,
    hsts: values.HSTS,
    mailFrom: values.MAIL_FROM,
    oidc: {
      issuer: values.OIDC_ISSUER,
      clientId: values.OIDC_CLIENT_ID,
      clientSecret: values.OIDC_CLIENT_SECRET,
    },
    defaultSections: values.DEFAULT_SECTIONS,
    analyticsForwardUrl: values.ANALYTICS_FORWARD_URL,
    logLevel: values.LOG_LEVEL,
    logFormat: values.LOG_FORMAT,
    webDist: fromRepoRoot(values.WEB_DIST),
    bodyLimitBytes: values.BODY_LIMIT_BYTES,
    seedDemo: values.SEED_DEMO,
    demoMailWorld:
      values.DEMO_MAIL_WORLD === 'auto' ? !values.DATABASE_URL : values.DEMO_MAIL_WORLD === 'on',
    bulkChunksAtOnce: values.BULK_CHUNKS_AT_ONCE,
    freePlanCredits: values.FREE_PLAN_CREDITS,
    botCheck: {
      altchaHmacKey: values.ALTCHA_HMAC_KEY ?? readOrCreateSecret(dataDir, 'altcha-hmac-key'),
      altchaMaxNumber: values.ALTCHA_MAX_NUMBER,
      turnstile:
        values.TURNSTILE_SITE_KEY && values.TURNSTILE_SECRET_KEY
          ? {
              siteKey: values.TURNSTILE_SITE_KEY,
              secretKey: values.TURNSTILE_SECRET_KEY,
              verifyUrl: values.TURNSTILE_VERIFY_URL,
            }
          : undefined,
    },
    finder,
    mailboxes: {
      secretKey: values.MAILBOX_SECRET_KEY ?? readOrCreateSecret(dataDir, 'mailbox-secret-key'),
      allowPrivateHosts: values.MAIL_ALLOW_PRIVATE_HOSTS,
    },
    webhooks: {
      allowPrivateHosts: values.WEBHOOK_ALLOW_PRIVATE_HOSTS,
      retrySeconds: values.WEBHOOK_RETRY_SECONDS,
    },
    tracking: { secret: values.TRACKING_SECRET ?? readOrCreateSecret(dataDir, 'tracking-secret') },
    inbox: {
      idleSeconds: values.INBOX_IDLE_SECONDS,
      pollSeconds: values.INBOX_POLL_SECONDS,
      concurrency: values.INBOX_SYNC_CONCURRENCY,
    },
    billing: {
      plansFile: values.PLANS_FILE ? fromRepoRoot(values.PLANS_FILE) : undefined,
      bonusCredits: values.BONUS_CREDITS,
      stripe: values.STRIPE_SECRET_KEY
        ? {
            secretKey: values.STRIPE_SECRET_KEY,
            publishableKey: values.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: values.STRIPE_WEBHOOK_SECRET,
            apiUrl: values.STRIPE_API_URL,
          }
        : undefined,
    },
  };
}
