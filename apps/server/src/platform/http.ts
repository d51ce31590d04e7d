import type { Finder } from '@mailhound/finder';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from '../config.ts';
import type { Clock } from './clock.ts';
import type { Db } from './database.ts';
import type { Jobs } from './jobs.ts';
import type { MailConnections } from './mail/connections.ts';
import type { Mailer } from './mailer.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { Tokens } from './tokens.ts';
import type { WebhookEvents } from './webhook-events.ts';

// The Fastify instance a feature registers its routes on.
export type App = FastifyInstance;

// Counted in PostgreSQL (platform/rate-limit.ts), so they hold across API processes.
export type RateLimits = {
  // Per window: login attempts per client address; wrong passwords per account and address
  // (a stranger elsewhere cannot lock the owner out); wrong passwords per account from
  // anywhere, a ceiling against guessing spread over many addresses; wrong passwords per user
  // when changing the password or deleting the account.
  loginPerIp: number;
  loginPerAccountIp: number;
  loginPerAccount: number;
  passwordChecks: number;
  windowMs: number;
  // Uploads per user per hour: bulk lists, look-alike lists and contact imports together.
  uploadsPerHour: number;
  // Analytics events (unauthenticated writes) per client address per minute.
  eventsPerMinute: number;
  // Mailbox connection checks (add a mailbox, change its servers) per user per hour: each looks
  // up two host names and logs in to two servers.
  mailboxChecksPerHour: number;
};

export const defaultRateLimits: RateLimits = {
  loginPerIp: 30,
  loginPerAccountIp: 10,
  loginPerAccount: 100,
  passwordChecks: 10,
  windowMs: 15 * 60_000,
  uploadsPerHour: 30,
  eventsPerMinute: 120,
  mailboxChecksPerHour: 60,
};

// What route modules receive. A feature that needs more (auth's identity provider, the bot
// check) says so in its own deps type, which app.ts fills.
export type FeatureDeps = {
  config: Config;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  // Absent in tests that do not need background work; features then skip what they would queue.
  jobs: Jobs | undefined;
  tokens: Tokens;
  rateLimits: RateLimits;
  rateLimiter: RateLimiter;
  // preHandler of the upload routes (after their user guard).
  uploadLimit: preHandlerAsyncHookHandler;
  finder: Finder;
  // The process's mail connections (password box, host policy, IMAP and SMTP clients).
  mailConnections: MailConnections;
  // Tells the user's webhooks what happened (the webhooks feature answers for it).
  webhookEvents: WebhookEvents;
};
