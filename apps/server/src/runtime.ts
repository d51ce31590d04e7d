import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { defineApiKeyJobs } from './features/api-keys/index.ts';
import { defineAuthJobs } from './features/auth/index.ts';
import { defineBillingJobs, syncConfiguredPlans } from './features/billing/index.ts';
import { defineBotCheckJobs } from './features/bot-check/index.ts';
import { defineBulkJobs } from './features/bulk/index.ts';
import { applyFreePlanCredits } from './features/credits/index.ts';
import { defineEventJobs } from './features/events/index.ts';
import { defineLookalikeJobs } from './features/lookalike/index.ts';
import { defineMailboxJobs } from './features/mailboxes/index.ts';
import { closeDemoMailWorld, defineSearchJobs } from './features/search/index.ts';
import { defineSenderJobs } from './features/sender/index.ts';
import { defineUniboxJobs, mailboxesReadAt } from './features/unibox/index.ts';
import { defineVerifyJobs } from './features/verify/index.ts';
import { createWebhookEvents, defineWebhookJobs } from './features/webhooks/index.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { type Db, openDatabase, STATEMENT_TIMEOUT_MS } from './platform/database.ts';
import { createJobs, type Jobs } from './platform/jobs.ts';
import { createMailConnections, type MailConnections } from './platform/mail/connections.ts';
import { createMailer } from './platform/mailer.ts';
import { runMigrations } from './platform/migrations.ts';
import { defineRateLimitJobs } from './platform/rate-limit.ts';
import { seedDemo } from './seed.ts';

export type ServeOptions = { api: boolean; workers: boolean; migrate: boolean; seed: boolean };

export type Running = { stop: () => Promise<void> };

// Every feature's queues and workers.
export function defineAllJobs(
  jobs: Jobs,
  deps: { config: Config; db: Db; clock: Clock; mailConnections: MailConnections },
): void {
  defineEventJobs(jobs, deps);
  defineRateLimitJobs(jobs, deps);
  defineAuthJobs(jobs, deps);
  defineApiKeyJobs(jobs, deps);
  defineSearchJobs(jobs, deps);
  defineBotCheckJobs(jobs, deps);
  defineBillingJobs(jobs, deps);
  // The port through which jobs tell a user's webhooks what happened.
  const webhookEvents = createWebhookEvents({ db: deps.db, clock: deps.clock, jobs });
  defineBulkJobs(jobs, { ...deps, webhookEvents });
  defineLookalikeJobs(jobs, { ...deps, webhookEvents });
  defineSenderJobs(jobs, { ...deps, webhookEvents, mailboxesRead: mailboxesReadAt });
  defineMailboxJobs(jobs, deps);
  defineUniboxJobs(jobs, { ...deps, webhookEvents });
  defineVerifyJobs(jobs, deps);
  defineWebhookJobs(jobs, deps);
}

// `start`, `api` and `worker`: one process with the parts asked for. Stops in order: HTTP,
// jobs, the pool, then the embedded PostgreSQL.
export async function serve(config: Config, log: Logger, options: ServeOptions): Promise<Running> {
  // How long each step of the start took, logged once it serves (where a slow start goes).
  const steps: string[] = [];
  const startedAt = performance.now();
  let stepAt = startedAt;
  const step = (name: string) => {
    const now = performance.now();
    steps.push(`${name} ${Math.round(now - stepAt)} ms`);
    stepAt = now;
  };
  const database = await openDatabase(config, (message) => log.debug(message), {
    statementTimeoutMs: STATEMENT_TIMEOUT_MS,
  });
  if (database.embedded) log.info(`embedded PostgreSQL on 127.0.0.1:${database.embedded.port}`);
  step('database');
  // One password box and host policy for the API and the workers of this process.
  const mailConnections = createMailConnections(config.mailboxes);
  let jobs: Jobs | undefined;
  let stopHttp: (() => Promise<void>) | undefined;
  const stop = async () => {
    await stopHttp?.();
    await jobs?.stop();
    await closeDemoMailWorld();
    await database.close();
  };
  try {
    if (options.migrate) await runMigrations(database.db);
    step('migrations');
    await applyFreePlanCredits(database.db, config.freePlanCredits);
    await syncConfiguredPlans(database.db, config);
    if (options.seed) await seedDemo(database.db, config, systemClock, mailConnections.box);
    step('seed');
    jobs = createJobs({ connectionString: database.url, log: (message) => log.warn(message) });
    defineAllJobs(jobs, { config, db: database.db, clock: systemClock, mailConnections });
    await jobs.start({ workers: options.workers });
    step('jobs');
    if (options.api) {
      // The worker never loads the HTTP server and its routes' modules.
      const { buildApp } = await import('./app.ts');
      const app = await buildApp({
        config,
        db: database.db,
        clock: systemClock,
        mailer: createMailer({
          smtpUrl: config.smtpUrl,
          mailFrom: config.mailFrom,
          db: database.db,
        }),
        jobs,
        mailConnections,
        serveWeb: true,
        logger: log,
      });
      await app.listen({ port: config.port, host: config.host });
      stopHttp = () => app.close();
      step('http');
    }
    const total = ((performance.now() - startedAt) / 1000).toFixed(1);
    log.info(`started in ${total} s (${steps.join(', ')})`);
    return { stop };
  } catch (error) {
    await stop().catch((stopError: unknown) => log.error({ err: stopError }, 'shutdown failed'));
    throw error;
  }
}
