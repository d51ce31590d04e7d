// `npm run bench:pattern-store`: the time of the PostgreSQL pattern store's get() for one user,
// and the part of it spent on this process's event loop, at a domain of 1,000, 10,000 and
// 50,000 rows (mostly the finder's own, some users' uploads, a few bounces and replies by three
// users), in an embedded PostgreSQL, against the read it replaced (every row at the domain
// weighed in JavaScript) and a plain SQL count, measured in the same run; then the query plan
// of the new read at the largest domain.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  type EvidenceView,
  evidenceFor,
  evidenceView,
  finderConfig,
  knowledgeOf,
  type ObservationSource,
  type PatternObservation,
} from '@mailhound/finder';
import { seededRandom } from '@mailhound/mail-lab';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  createPgPatternStore,
  observationsAt,
  recordObservations,
} from '../../apps/server/src/features/search/pattern-store.ts';
import type { Db } from '../../apps/server/src/platform/database.ts';
import {
  freePort,
  startEmbeddedPostgres,
} from '../../apps/server/src/platform/embedded-postgres.ts';
import { createBenchDatabase } from '../mailhound-process.ts';

const SIZES = [1_000, 10_000, 50_000];
const users = ['user-1', 'user-2', 'user-3'];
const patternIds = ['first.last', 'flast', 'first', 'firstl', 'none'];

const dataDir = mkdtempSync(join(tmpdir(), 'mailhound-bench-pattern-store-'));
const server = await startEmbeddedPostgres({
  dataDir,
  port: await freePort(),
  log: () => undefined,
  settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
});
// A migrated database, as the other benches make it.
const { pool, db } = await createBenchDatabase(server);

// The read before this change: every row at the domain, weighed by evidenceFor.
const loadEverything = async (db: Db, domain: string, view: EvidenceView) =>
  knowledgeOf(evidenceFor(await observationsAt(db, domain), view));

// What PostgreSQL alone takes to count every row at the domain by pattern and source (the
// read before observers were kept apart): no view can be cheaper than one pass like it.
const countsOnly = (db: Db, domain: string) =>
  db.execute(sql`
    select pattern, source, count(*)::int, min(created_at) from domain_patterns
    where domain = ${domain} group by pattern, source order by min(created_at)`);

// A domain of `size` rows: 85 % the finder's verified and smtp finds, 12 % three users' uploads
// (a third of them addresses the finder also found), 2 % replies and 1 % bounces (half of them
// older than the bouncing window) by the same users.
async function buildDomain(domain: string, size: number) {
  const random = seededRandom(size);
  const observations: { domain: string; observation: PatternObservation }[] = [];
  const address = (i: number) => `p${i}@${domain}`;
  const finder = Math.round(size * 0.85);
  const patternOf = (i: number) => (i % 10 < 7 ? 'first.last' : patternIds[i % patternIds.length]);
  for (let i = 0; i < finder; i++)
    observations.push({
      domain,
      observation: {
        email: address(i),
        pattern: patternOf(i) as string,
        source: random.chance(0.8) ? 'verified' : 'smtp',
      },
    });
  let next = finder;
  const byUser = (count: number, source: ObservationSource) => {
    for (let i = 0; i < count; i++) {
      const shared = source === 'known' && random.chance(1 / 3);
      const n = shared ? random.int(0, finder - 1) : next++;
      observations.push({
        domain,
        observation: {
          email: address(n),
          pattern: patternOf(n) as string,
          source,
          owner: `owner-${n}`,
          observer: random.pick(users),
        },
      });
    }
  };
  const uploads = size - finder - Math.round(size * 0.03);
  byUser(Math.round(uploads / 1.5), 'known');
  byUser(Math.round(size * 0.02), 'reply');
  byUser(size - observations.length, 'bounce');
  await recordObservations(db, observations);
  await db.execute(sql`
    update domain_patterns set updated_at = now() - interval '400 days'
    where domain = ${domain} and source = 'bounce' and email like '%0@%'`);
  const rows = await db.execute<{ rows: number }>(
    sql`select count(*)::int as rows from domain_patterns where domain = ${domain}`,
  );
  return rows.rows[0]?.rows ?? 0;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

// Median and p95 of the wall time of a read, and the median of this process's CPU time in it
// (what the read costs the API's event loop: parsing rows and weighing them).
async function timeOf(runs: number, read: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await read();
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const used = process.cpuUsage();
    const started = performance.now();
    await read();
    times.push(performance.now() - started);
    const { user, system } = process.cpuUsage(used);
    cpu.push((user + system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return `median ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))}; on the event loop: median ${ms(quantile(cpu, 0.5))}`;
}

try {
  const view = evidenceView(finderConfig(), Date.now(), 'user-1');
  // The store's own statements, to show the plan of the last one.
  let lastQuery: SQL | undefined;
  const watched = Object.assign(Object.create(db) as Db, {
    execute: (query: SQL) => {
      lastQuery = query;
      return db.execute(query);
    },
  });
  const store = createPgPatternStore(watched);
  console.log('get() for one user (user-1) at a domain, new read against the old, same run:');
  let largest = '';
  for (const size of SIZES) {
    const domain = `d${size}.test`;
    const rows = await buildDomain(domain, size);
    await db.execute(sql`analyze domain_patterns`);
    const runs = size >= 50_000 ? 30 : size >= 10_000 ? 60 : 200;
    const same =
      JSON.stringify(await store.get(domain, view)) ===
      JSON.stringify(await loadEverything(db, domain, view));
    const now = await timeOf(runs, async () => store.get(domain, view));
    const before = await timeOf(runs, () => loadEverything(db, domain, view));
    const floor = await timeOf(runs, () => countsOnly(db, domain));
    console.log(`  ${rows.toLocaleString('en')} rows: ${now}`);
    console.log(`    old read: ${before}`);
    console.log(`    one SQL count per pattern and source, nothing weighed (a floor): ${floor}`);
    console.log(`    same answer as the old read: ${same ? 'yes' : 'NO'}`);
    largest = domain;
  }
  await store.get(largest, view);
  if (lastQuery) {
    const { sql: text, params } = new PgDialect().sqlToQuery(lastQuery);
    const plan = await pool.query(`explain (analyze, buffers) ${text}`, params);
    console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of the new read at ${largest}:`);
    for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
  }
} finally {
  await pool.end();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
