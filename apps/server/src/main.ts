#!/usr/bin/env node
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { execWithBoundedYoungGeneration } from './platform/young-generation.ts';
import type { Running, ServeOptions } from './runtime.ts';

// Each command imports what it needs when it runs: the server's modules are not loaded before
// a long-running process has re-executed itself with its heap settings
// (platform/young-generation.ts), and `find` or `verify` load none of them.
type Command = {
  summary: string;
  // A process that serves until stopped (its heap is bounded before it loads anything).
  serves?: true;
  // Long-running commands return what stops them; one-shot commands return nothing.
  run: (config: Config, log: Logger, args: string[]) => Promise<Running | undefined>;
};

// `start`, `api` and `worker`: the process serves with the parts the options ask for.
const serving = (summary: string, options: (config: Config) => ServeOptions): Command => ({
  summary,
  serves: true,
  run: async (config, log) => (await import('./runtime.ts')).serve(config, log, options(config)),
});

// The `mailhound` command table. A new command is one more entry.
export const commands: Record<string, Command> = {
  start: serving(
    'embedded PostgreSQL (without DATABASE_URL), migrations, demo seed, API and workers',
    (config) => ({ api: true, workers: true, migrate: true, seed: config.seedDemo }),
  ),
  api: serving('the HTTP API and web app only (migrates only an embedded database)', (config) => ({
    api: true,
    workers: false,
    migrate: !config.databaseUrl,
    seed: false,
  })),
  worker: serving('background job workers only (migrates only an embedded database)', (config) => ({
    api: false,
    workers: true,
    migrate: !config.databaseUrl,
    seed: false,
  })),
  migrate: {
    summary: 'apply the database migrations',
    run: async (config, log) => {
      const { withDatabase } = await import('./platform/database.ts');
      const { runMigrations } = await import('./platform/migrations.ts');
      await withDatabase(config, log, (database) => runMigrations(database.db));
      log.info('migrations applied');
      return undefined;
    },
  },
  seed: {
    summary: 'apply the migrations, then seed the Free plan and the demo user (idempotent)',
    run: async (config, log) => {
      const { withDatabase } = await import('./platform/database.ts');
      const { runMigrations } = await import('./platform/migrations.ts');
      const { applyFreePlanCredits } = await import('./features/credits/index.ts');
      const { createPasswordBox } = await import('./platform/mail/password-box.ts');
      const { systemClock } = await import('./platform/clock.ts');
      const { seedDemo } = await import('./seed.ts');
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
      const { runFinderCli } = await import('@mailhound/finder');
      process.exitCode = await runFinderCli(['find', ...args], process, process.env);
      return undefined;
    },
  },
  verify: {
    summary: 'verify an address by DNS and SMTP: verify <email> [--json]',
    run: async (_config, _log, args) => {
      const { runFinderCli } = await import('@mailhound/finder');
      process.exitCode = await runFinderCli(['verify', ...args], process, process.env);
      return undefined;
    },
  },
  import: {
    summary: 'import companies or people from CSV or JSON lines: import companies|people FILE',
    run: async (config, log, args) => {
      const { runImportCommand } = await import('./features/companies/index.ts');
      const { recordPeopleSeen } = await import('./features/search/index.ts');
      const { refreshAllVectors } = await import('./features/lookalike/index.ts');
      const { withDatabase } = await import('./platform/database.ts');
      process.exitCode = await runImportCommand(config, log, args, {
        // The operator's own data, shared as the finder's own (no user observed it).
        observePeople: (db, people) => recordPeopleSeen(db, people, 'known', null),
      });
      // Look-alike's description vectors, counted again over the grown company database.
      if (args[0] === 'companies' && process.exitCode !== 2)
        await withDatabase(config, log, (database) => refreshAllVectors(database.db));
      return undefined;
    },
  },
};

function usage(describeConfig: typeof import('./config.ts').describeConfig): string {
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
  if (command?.serves) execWithBoundedYoungGeneration();
  const { ConfigError, describeConfig, loadConfig } = await import('./config.ts');
  if (!command) {
    process.stderr.write(usage(describeConfig));
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
  const { createLogger } = await import('./platform/logger.ts');
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
