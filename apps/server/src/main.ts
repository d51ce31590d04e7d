#!/usr/bin/env node
import { runFinderCli } from '@mailhound/finder';
import type { Logger } from 'pino';
import { type Config, ConfigError, describeConfig, loadConfig } from './config.ts';
import { runImportCommand } from './features/companies/index.ts';
import { applyFreePlanCredits } from './features/credits/index.ts';
import { refreshAllVectors } from './features/lookalike/index.ts';
import { recordPeopleSeen } from './features/search/index.ts';
import { systemClock } from './platform/clock.ts';
import { withDatabase } from './platform/database.ts';
import { createLogger } from './platform/logger.ts';
import { createPasswordBox } from './platform/mail/password-box.ts';
import { runMigrations } from './platform/migrations.ts';
import { type Running, serve } from './runtime.ts';
import { seedDemo } from './seed.ts';

type Command = {
  summary: string;
  // Long-running commands return what stops them; one-shot commands return nothing.
  run: (config: Config, log: Logger, args: string[]) => Promise<Running | undefined>;
};

// The `mailhound` command table. A new command is one more entry.
export const commands: Record<string, Command> = {
  start: {
    summary: 'embedded PostgreSQL (without DATABASE_URL), migrations, demo seed, API and workers',
    run: (config, log) =>
      serve(config, log, { api: true, workers: true, migrate: true, seed: config.seedDemo }),
  },
  api: {
    summary: 'the HTTP API and web app only (migrates only an embedded database)',
    run: (config, log) =>
      serve(config, log, { api: true, workers: false, migrate: !config.databaseUrl, seed: false }),
  },
  worker: {
    summary: 'background job workers only (migrates only an embedded database)',
    run: (config, log) =>
      serve(config, log, { api: false, workers: true, migrate: !config.databaseUrl, seed: false }),
  },
  migrate: {
    summary: 'apply the database migrations',
    run: async (config, log) => {
      await withDatabase(config, log, (database) => runMigrations(database.db));
      log.info('migrations applied');
      return undefined;
    },
  },
  seed: {
    summary: 'apply the migrations, then seed the Free plan and the demo user (idempotent)',
    run: async (config, log) => {
      await withDatabase(config, log, async (database) => {
        await runMigrations(database.db);
        await applyFreePlanCredits(database.db, config.freePlanCredits);
        const box = createPasswordBox(config.mailboxes.secretKey);
        await seedDemo(database.db, config, systemClock, box);
      });
      log.info('demo data seeded: demo@mailhound.dev / Demo1234');
      return undefined;
    },
  },
  find: {
    summary:
      'find an address by DNS and SMTP: find <first name> <last name> <domain> [--json], or find --batch FILE.csv [--json]',
    run: async (_config, _log, args) => {
      process.exitCode = await runFinderCli(['find', ...args], process, process.env);
      return undefined;
    },
  },
  verify: {
    summary: 'verify an address by DNS and SMTP: verify <email> [--json]',
    run: async (_config, _log, args) => {
      process.exitCode = await runFinderCli(['verify', ...args], process, process.env);
      return undefined;
    },
  },
  import: {
    summary: 'import companies or people from CSV or JSON lines: import companies|people FILE',
    run: async (config, log, args) => {
      process.exitCode = await runImportCommand(config, log, args, {
        observePeople: (db, people) => recordPeopleSeen(db, people, 'known'),
      });
      // Look-alike's description vectors, counted again over the grown company database.
      if (args[0] === 'companies' && process.exitCode !== 2)
        await withDatabase(config, log, (database) => refreshAllVectors(database.db));
      return undefined;
    },
  },
};

function usage(): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length));
  const lines = Object.entries(commands).map(
    ([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`,
  );
  const variables = describeConfig().map(
    (variable) => `  ${variable.name} (${variable.default}): ${variable.meaning}`,
  );
  return `Usage: mailhound <command>\n\nCommands:\n${lines.join('\n')}\n\nEnvironment:\n${variables.join('\n')}\n`;
}

async function main(argv: string[]): Promise<void> {
  const [name, ...args] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    process.stderr.write(usage());
    process.exitCode = name === undefined || name === 'help' || name === '--help' ? 0 : 2;
    return;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 2;
    return;
  }
  const log: Logger = createLogger(config);
  const running = await command.run(config, log, args);
  if (!running) return;
  log.info(
    `mailhound ${name} running${name === 'worker' ? '' : ` on http://${config.host}:${config.port}`}`,
  );

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    log.info(`${signal}: shutting down`);
    running.stop().then(
      () => {
        log.info('stopped');
        process.exitCode = 0;
      },
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exitCode = 1;
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(
    `mailhound: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
