import { randomBytes } from 'node:crypto';
import type { Finder } from '@mailhound/finder';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { createDb, createPool, type Db } from '../platform/database.ts';
import type { App, RateLimits } from '../platform/http.ts';
import { createJobs, type Jobs } from '../platform/jobs.ts';
import { createMailConnections, type MailConnections } from '../platform/mail/connections.ts';
import { createMailer, listOutbox, type OutboxMail } from '../platform/mailer.ts';
import { defineAllJobs } from '../runtime.ts';
import { createTestClock, type TestClock } from './test-clock.ts';

export type TestContext = {
  app: App;
  db: Db;
  pool: pg.Pool;
  config: Config;
  clock: TestClock;
  jobs: Jobs | undefined;
  // The password box and mail factories the app and its workers share.
  mailConnections: MailConnections;
  outbox: {
    all: () => Promise<OutboxMail[]>;
    // The newest mail to an address, or undefined.
    latestTo: (recipient: string) => Promise<OutboxMail | undefined>;
  };
  // Row count of a table, to prove that bad input wrote nothing.
  countRows: (table: string) => Promise<number>;
  close: () => Promise<void>;
};

export type TestContextOptions = {
  env?: Record<string, string>;
  // Starts pg-boss with the workers (off by default: most tests do not need it).
  jobs?: boolean;
  rateLimits?: Partial<RateLimits>;
  serveWeb?: boolean;
  // The app's finder, when the test needs settings no FINDER_* variable gives (short waits).
  finder?: Finder;
  // The pool's statement timeout (the serving processes' is STATEMENT_TIMEOUT_MS); none unset.
  statementTimeoutMs?: number;
};

// A fresh database (a copy of the migrated template) and an app built on it.
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const adminUrl = inject('pgAdminUrl');
  const database = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`create database ${database} template ${inject('pgTemplateDatabase')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;

  const config = loadConfig({
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
    DATABASE_URL: url.href,
    PUBLIC_URL: 'http://mailhound.test',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const pool = createPool(url.href, { max: 5, statementTimeoutMs: options.statementTimeoutMs });
  // As in production (platform/database.ts): a dropped idle connection is the pool's error,
  // not the process's. pg-pool's end() resolves before its clients' connections have closed,
  // so close() below may drop the database under one that is still closing.
  pool.on('error', () => undefined);
  const db = createDb(pool);
  const clock = createTestClock();
  const mailConnections = createMailConnections(config.mailboxes);
  let jobs: Jobs | undefined;
  if (options.jobs) {
    jobs = createJobs({ connectionString: url.href, log: () => undefined });
    defineAllJobs(jobs, { config, db, clock, mailConnections });
    await jobs.start({ workers: true });
  }
  const app = await buildApp({
    config,
    db,
    clock,
    mailer: createMailer({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, db }),
    jobs,
    mailConnections,
    logger: false,
    serveWeb: options.serveWeb ?? false,
    finder: options.finder,
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
  });
  await app.ready();

  return {
    app,
    db,
    pool,
    config,
    clock,
    jobs,
    mailConnections,
    outbox: {
      all: () => listOutbox(db),
      latestTo: async (recipient) =>
        (await listOutbox(db)).find((mail) => mail.recipient === recipient),
    },
    countRows: async (table) => {
      const result = await db.execute<{ count: string }>(
        sql`select count(*)::text as count from ${sql.identifier(table)}`,
      );
      return Number(result.rows[0]?.count ?? 0);
    },
    close: async () => {
      await app.close();
      await jobs?.stop();
      await pool.end();
      const cleanup = new pg.Client(adminUrl);
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${database} with (force)`);
      await cleanup.end();
    },
  };
}
