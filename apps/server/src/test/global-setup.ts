import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../platform/database.ts';
import {
  freePort,
  type RunningPostgres,
  startEmbeddedPostgres,
} from '../platform/embedded-postgres.ts';
import { createJobs } from '../platform/jobs.ts';
import { runMigrations } from '../platform/migrations.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplateDatabase: string;
  }
}

export const templateDatabase = 'mailhound_template';

let server: RunningPostgres | undefined;
let dataDir: string | undefined;

// initdb runs once per test run; the migrated template (tables and pg-boss's schema) is
// copied for every test file, which is much faster than migrating each database.
export async function setup(project: TestProject) {
  dataDir = mkdtempSync(join(tmpdir(), 'mailhound-test-pg-'));
  server = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    log: () => undefined,
    // A throwaway cluster: durability buys nothing here.
    settings: {
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
      max_connections: '300',
    },
  });
  const admin = new pg.Client(server.adminUrl());
  await admin.connect();
  await admin.query(`create database ${templateDatabase}`);
  await admin.end();

  const url = server.adminUrl(templateDatabase);
  const pool = new pg.Pool({ connectionString: url });
  await runMigrations(createDb(pool));
  await pool.end();
  const jobs = createJobs({ connectionString: url, log: () => undefined });
  await jobs.start({ workers: false });
  await jobs.stop();

  project.provide('pgAdminUrl', server.adminUrl());
  project.provide('pgTemplateDatabase', templateDatabase);
}

export async function teardown() {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
