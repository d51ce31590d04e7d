// `npm run bench:contacts`: how long one page of a list's contacts takes to read, with each
// contact's verification looked up, for a user with 200,000 bulk rows and 20,000 single
// searches, in an embedded PostgreSQL.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { insertUser } from '../../apps/server/src/features/auth/queries.ts';
import { readCustomers } from '../../apps/server/src/features/contacts/customers.ts';
import { ensureFreePlan } from '../../apps/server/src/features/credits/queries.ts';
import { createDb } from '../../apps/server/src/platform/database.ts';
import {
  freePort,
  startEmbeddedPostgres,
} from '../../apps/server/src/platform/embedded-postgres.ts';
import { runMigrations } from '../../apps/server/src/platform/migrations.ts';

const bulkLists = 20;
const rowsPerList = 10_000;
const singleSearches = 20_000;
const pageSize = 10;
const repetitions = 30;

const dataDir = mkdtempSync(join(tmpdir(), 'mailhound-bench-contacts-'));
const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), log: () => {} });
const pool = new pg.Pool({ connectionString: server.adminUrl(), max: 2 });
const db = createDb(pool);

try {
  await runMigrations(db);
  const user = await insertUser(db, {
    username: 'bench@contacts.test',
    passwordHash: 'x',
    fname: 'Bench',
    lname: 'User',
    status: 'active',
    properties: { sections: ['mail'] },
    loginProvider: 'local',
    planId: (await ensureFreePlan(db)).id,
  });
  for (let list = 0; list < bulkLists; list++) {
    const requestId = crypto.randomUUID();
    await db.execute(sql`
      insert into bulk_requests (id, user_id, file_name, header, status, total, held)
      values (${requestId}, ${user.id}, 'list.csv', '[]'::jsonb, 'completed', ${rowsPerList}, 0)`);
    await db.execute(sql`
      insert into bulk_rows (request_id, row_index, chunk, cells, query, state, email, score)
      select ${requestId}, i, i / 500, '[]'::jsonb, '{}'::jsonb, 'done',
        'p' || i || '-' || ${list} || '@bench.test', 90
      from generate_series(0, ${rowsPerList - 1}) i`);
  }
  await db.execute(sql`
    insert into search_history (id, user_id, client_address, query, result, score, settled_at)
    select gen_random_uuid(), ${user.id}, '127.0.0.1', '{}'::jsonb,
      jsonb_build_object('exactEmail', 's' || i || '@bench.test', 'exactEmailScore', 97), 97, now()
    from generate_series(0, ${singleSearches - 1}) i`);
  // Half the page was found by bulk lists, half by single searches.
  const inserted = await db.execute<{ id: string }>(sql`
    insert into customers (user_id, email, fname, lname)
    select ${user.id}, case when i % 2 = 0 then 'p' || i || '-3@bench.test' else 's' || i || '@bench.test' end,
      'First', 'Last'
    from generate_series(1, ${pageSize}) i returning id`);
  await db.execute(sql`analyze`);
  const ids = inserted.rows.map((row) => row.id);
  const samples: number[] = [];
  for (let run = 0; run < repetitions; run++) {
    const start = performance.now();
    await readCustomers(db, user.id, ids);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (p: number) => (samples[Math.ceil((p / 100) * samples.length) - 1] ?? 0).toFixed(1);
  console.log(
    `A page of ${pageSize} contacts with their verification, ${(bulkLists * rowsPerList).toLocaleString('en-US')} bulk rows and ${singleSearches.toLocaleString('en-US')} single searches: p50 ${at(50)} ms  p95 ${at(95)} ms  (n=${repetitions})`,
  );
} finally {
  await pool.end();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
