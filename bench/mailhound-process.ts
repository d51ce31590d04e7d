import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { repoRoot } from '../apps/server/src/config.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import { createDb, type Db } from '../apps/server/src/platform/database.ts';
import { freePort, startEmbeddedPostgres } from '../apps/server/src/platform/embedded-postgres.ts';
import { createJobs } from '../apps/server/src/platform/jobs.ts';
import { runMigrations } from '../apps/server/src/platform/migrations.ts';
import { createTokens } from '../apps/server/src/platform/tokens.ts';

// What the benches that run mailhound processes share: a migrated database, the processes'
// environment, a user's token, starting a process, and its peak memory.

export function startMailhound(
  command: 'api' | 'worker',
  env: Record<string, string>,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(repoRoot, 'apps/server/src/main.ts'), command], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise<ChildProcess>((resolve, reject) => {
    const onData = (data: Buffer) => {
      output += data.toString();
      if (output.includes(`mailhound ${command} running`)) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (data: Buffer) => {
      output += data.toString();
    });
    child.once('exit', (code) =>
      reject(new Error(`mailhound ${command} exited (${code}): ${output}`)),
    );
  });
}

// The kernel's own peak resident set of a process (VmHWM), in kB; NaN once it has exited.
export function peakRssKb(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  } catch {
    return Number.NaN;
  }
}

// CPU time (user and system) a process has used so far, in seconds; NaN once it has exited.
export function cpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

const jwtSecret = 'bench-secret-that-is-long-enough-for-hs256';

// What a bench's mailhound processes need to share its database and sign its user in.
export function mailhoundEnv(input: {
  databaseUrl: string;
  dataDir: string;
  port: number;
}): Record<string, string> {
  return {
    DATABASE_URL: input.databaseUrl,
    DATA_DIR: input.dataDir,
    JWT_SECRET: jwtSecret,
    PUBLIC_URL: 'http://mailhound.test',
    HOST: '127.0.0.1',
    PORT: String(input.port),
    LOG_LEVEL: 'info',
  };
}

export function benchToken(userId: string): Promise<string> {
  return createTokens({ secret: jwtSecret, ttlSeconds: 3600, clock: systemClock }).sign({
    sub: userId,
    auth: 'local',
    ver: 0,
  });
}

// An embedded PostgreSQL in a temporary folder, tuned for speed over safety; `close` stops it
// and removes the folder.
export async function startBenchPostgres(name: string) {
  const dataDir = mkdtempSync(join(os.tmpdir(), `mailhound-bench-${name}-`));
  const server = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    log: () => undefined,
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
  });
  const close = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { dataDir, server, close };
}

// An active user on the default plan.
export async function createBenchUser(db: Db, username: string): Promise<string> {
  const created = await db.execute<{ id: string }>(sql`
    insert into users (username, fname, lname, status, properties, plan_id)
    values (${username}, 'Bench', 'User', 'active', '{}',
            (select id from plans where is_default))
    returning id`);
  return created.rows[0]?.id ?? '';
}

// A migrated `bench` database (pg-boss's schema too) on the embedded server.
export async function createBenchDatabase(server: { adminUrl: (database?: string) => string }) {
  const admin = new pg.Client(server.adminUrl());
  await admin.connect();
  await admin.query('create database bench');
  await admin.end();
  const url = server.adminUrl('bench');
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const db = createDb(pool);
  await runMigrations(db);
  const schemaJobs = createJobs({ connectionString: url, log: () => undefined });
  await schemaJobs.start({ workers: false });
  await schemaJobs.stop();
  return { url, pool, db };
}
