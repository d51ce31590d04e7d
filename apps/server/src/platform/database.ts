import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { type RunningPostgres, startEmbeddedPostgres } from './embedded-postgres.ts';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
// Queries that work inside or outside a transaction take this.
export type Queryable = Db | Tx;

export type Database = {
  db: Db;
  pool: pg.Pool;
  url: string;
  embedded: RunningPostgres | undefined;
  // Closes the pool, then stops the embedded server if we started one.
  close: () => Promise<void>;
};

// On a pool, or on one connection taken from it (a piece of work with its own settings).
export function createDb(client: pg.Pool | pg.PoolClient): Db {
  return drizzle({ client, schema, casing: 'snake_case' });
}

// The pool behind a handle made by createDb, for what needs a connection of its own.
export function poolOf(db: Db): pg.Pool {
  const client = '$client' in db ? db.$client : undefined;
  if (client instanceof pg.Pool) return client;
  throw new Error('the database is not a pg pool');
}

// The serving processes' bound on one statement (a lock waited for included): a query gone
// wrong frees its connection instead of holding one of the pool's 10 for minutes. PostgreSQL
// cancels it (SQLSTATE 57014), which the API answers with a 503 in words. The commands
// (migrate, seed, import) open their database without it.
export const STATEMENT_TIMEOUT_MS = 30_000;

// A pool of `max` connections whose statements are cancelled after `statementTimeoutMs`.
export function createPool(
  url: string,
  options: { max: number; statementTimeoutMs?: number | undefined },
): pg.Pool {
  return new pg.Pool({
    connectionString: url,
    max: options.max,
    ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
  });
}

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'pgPort'>,
  log: (message: string) => void,
  options: { statementTimeoutMs?: number } = {},
): Promise<Database> {
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.pgPort, log });
  const url = config.databaseUrl ?? (await ensureEmbeddedDatabase(embedded));
  const pool = createPool(url, { max: 10, statementTimeoutMs: options.statementTimeoutMs });
  // An idle client losing its server (e.g. PostgreSQL restarting) must not crash the process.
  pool.on('error', (error) => log(`database pool error: ${error.message}`));
  return {
    db: createDb(pool),
    pool,
    url,
    embedded,
    close: async () => {
      await pool.end();
      await embedded?.stop();
    },
  };
}

async function ensureEmbeddedDatabase(embedded: RunningPostgres | undefined): Promise<string> {
  if (!embedded) throw new Error('no database: set DATABASE_URL or use the embedded server');
  const client = new pg.Client(embedded.adminUrl());
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', ['mailhound']);
    if (found.rowCount === 0) await client.query('create database mailhound');
  } finally {
    await client.end();
  }
  return embedded.adminUrl('mailhound');
}

// Runs `work` holding a PostgreSQL session advisory lock on `key`, on a connection of its own,
// so that a second caller with the same key waits for the first across processes, without a
// transaction held open for the whole (possibly long) work. A dying process frees its lock.
// Opens the database for one piece of work (a command) and closes it after.
export async function withDatabase<T>(
  config: Config,
  log: Logger,
  work: (database: Database) => Promise<T>,
): Promise<T> {
  const database = await openDatabase(config, (message) => log.debug(message));
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

export async function withSessionLock<T>(db: Db, key: string, work: () => Promise<T>) {
  const pool = '$client' in db ? db.$client : undefined;
  if (!(pool instanceof pg.Pool)) throw new Error('the database is not a pg pool');
  const client = await pool.connect();
  try {
    // The wait for the lock lasts as long as the holder's work (minutes), past the pool's
    // statement timeout.
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock(hashtext($1))', [key]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [key]);
      await client.query('reset statement_timeout');
    }
  } finally {
    client.release();
  }
}
