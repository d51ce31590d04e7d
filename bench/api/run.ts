// `npm run bench:api`: latency of GET /api/search-history/single with 1,000,000 history rows
// in an embedded PostgreSQL, the time a streamed single search adds to the finder's own, and
// the public API's /v2/email-finder on the lab with and without its per-key rate limiter.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startMailLab } from '@mailhound/mail-lab';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { applyCreditEntry } from '../../apps/server/src/features/credits/credit-ledger.ts';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import { createDb } from '../../apps/server/src/platform/database.ts';
import {
  freePort,
  startEmbeddedPostgres,
} from '../../apps/server/src/platform/embedded-postgres.ts';
import { createMailer } from '../../apps/server/src/platform/mailer.ts';
import { runMigrations } from '../../apps/server/src/platform/migrations.ts';
import { createTokens } from '../../apps/server/src/platform/tokens.ts';

const heavyUsers = 10;
const heavyRows = 50_000;
const otherUsers = 100;
const otherRows = 5_000;
const requestsPerCase = 400;
const searches = 60;
// /v2 calls per case, spread over keys so that no key meets Hunter's 15 a second.
const v2Finds = 200;
const v2Reads = 1000;
const v2KeyOwners = 5;

// What a finder result's evidence looks like in a row (about 1 kB of JSON).
const evidence = {
  domain: 'acme.com',
  mx: { host: 'mx1.acme.com', address: '203.0.113.10', priority: 10, tls: true },
  mxHosts: [{ name: 'mx1.acme.com', priority: 10, addresses: ['203.0.113.10'] }],
  implicitMx: false,
  catchAll: false,
  catchAllProbe: {
    email: 'x7f3k2q9@acme.com',
    code: 550,
    enhanced: '5.1.1',
    text: 'No such user',
    cached: false,
  },
  learntPattern: 'first.last',
  patternKnowledge: { pattern: 'first.last', confirmations: 12, contradictions: 1 },
  knownPattern: true,
  pattern: 'first.last',
  candidates: ['first.last', 'flast', 'first', 'firstlast'].map((pattern, i) => ({
    email: `candidate${i}@acme.com`,
    pattern,
    kind: 'exact',
    status: i === 0 ? 'accepted' : 'rejected',
    code: i === 0 ? 250 : 550,
    enhanced: i === 0 ? '2.1.5' : '5.1.1',
    text: i === 0 ? 'OK' : 'No such user',
  })),
  sessions: 1,
  attempts: 1,
  reason: 'Single exact match',
  detail: null,
  flags: { disposable: false, freeProvider: false, role: false },
  timings: { dnsMs: 12, smtpMs: 240, totalMs: 255 },
};

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

function summary(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const f = (value: number) => value.toFixed(2).padStart(7);
  return `p50 ${f(percentile(sorted, 50))} ms  p99 ${f(percentile(sorted, 99))} ms  max ${f(sorted.at(-1) ?? Number.NaN)} ms  (n=${sorted.length})`;
}

const dataDir = mkdtempSync(join(tmpdir(), 'mailhound-bench-api-'));
const server = await startEmbeddedPostgres({
  dataDir,
  port: await freePort(),
  log: () => undefined,
  settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
});
const admin = new pg.Client(server.adminUrl());
await admin.connect();
await admin.query('create database bench');
await admin.end();
const url = server.adminUrl('bench');
const pool = new pg.Pool({ connectionString: url, max: 10 });
pool.on('error', (error) => console.error(`database pool: ${error.message}`));
const db = createDb(pool);
const lab = await startMailLab({
  hosts: [{ name: 'mx.acme.test', address: '127.0.7.2' }],
  domains: [
    {
      name: 'acme.test',
      mx: [{ priority: 10, host: 'mx.acme.test' }],
      mailboxes: ['ann.lee', 'bob'],
    },
  ],
});

try {
  await runMigrations(db);
  const config = loadConfig({
    DATABASE_URL: url,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
    ALTCHA_HMAC_KEY: 'bench-altcha-key',
    LOG_LEVEL: 'silent',
    FINDER_RESOLVERS: lab.dnsServer,
    FINDER_SMTP_PORT: String(lab.smtpPort),
    FINDER_ALLOW_PRIVATE_MX: 'true',
  });

  console.log(
    `Inserting ${(heavyUsers * heavyRows + otherUsers * otherRows).toLocaleString('en')} history rows…`,
  );
  const loadStarted = performance.now();
  const created = await db.execute<{ id: string }>(sql`
    insert into users (username, fname, lname, status, properties, plan_id)
    select 'bench' || g || '@bench.test', 'Bench', 'User', 'active', '{"sections":["mail"]}',
           (select id from plans where is_default)
    from generate_series(1, ${heavyUsers + otherUsers}) g
    returning id`);
  const userIds = created.rows.map((row) => row.id);
  const insertRows = async (ids: string[], rows: number) => {
    await db.execute(sql`
      insert into search_history
        (id, user_id, client_address, query, result, evidence, score, created_at, settled_at)
      select gen_random_uuid(), u.id, '203.0.113.' || (g % 250),
             jsonb_build_object('firstName', 'Person' || g, 'lastName', 'Lee',
                                'companyWebsite', 'acme' || (g % 1000) || '.com'),
             jsonb_build_object('exactEmail', 'person' || g || '.lee@acme' || (g % 1000) || '.com',
                                'exactEmailScore', 99),
             ${JSON.stringify(evidence)}::jsonb, 99,
             now() - g * interval '1 minute', now() - g * interval '1 minute'
      from unnest(${sql.raw(`array[${ids.map((id) => `'${id}'::uuid`).join(',')}]`)}) as u(id)
      cross join generate_series(1, ${rows}) g`);
  };
  await insertRows(userIds.slice(0, heavyUsers), heavyRows);
  await insertRows(userIds.slice(heavyUsers), otherRows);
  await db.execute(sql`vacuum analyze search_history`);
  const [{ count } = { count: '0' }] = (
    await db.execute<{ count: string }>(sql`select count(*)::text as count from search_history`)
  ).rows;
  console.log(
    `  ${Number(count).toLocaleString('en')} rows in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`,
  );

  const app = await buildApp({
    config,
    db,
    clock: systemClock,
    mailer: createMailer({ smtpUrl: undefined, mailFrom: config.mailFrom, db }),
    logger: false,
  });
  await app.ready();
  const tokens = createTokens({ secret: config.jwtSecret, ttlSeconds: 3600, clock: systemClock });
  const tokenOf = (id: string) => tokens.sign({ sub: id, auth: 'local', ver: 0 });

  const measure = async (label: string, ids: string[], query: () => string) => {
    const tokenList = await Promise.all(ids.map(tokenOf));
    for (const token of tokenList.slice(0, 5)) {
      await app.inject({
        method: 'GET',
        url: `/api/search-history/single${query()}`,
        headers: { authorization: token },
      });
    }
    const samples: number[] = [];
    for (let i = 0; i < requestsPerCase; i += 1) {
      const token = tokenList[i % tokenList.length] ?? '';
      const started = performance.now();
      const response = await app.inject({
        method: 'GET',
        url: `/api/search-history/single${query()}`,
        headers: { authorization: token },
      });
      samples.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`history answered ${response.statusCode}`);
    }
    console.log(`  ${label.padEnd(44)} ${summary(samples)}`);
  };

  console.log('\nGET /api/search-history/single (app.inject, token auth included)');
  const heavy = userIds.slice(0, heavyUsers);
  const other = userIds.slice(heavyUsers);
  await measure(
    `${heavyRows.toLocaleString('en')}-row users, page 1`,
    heavy,
    () => '?page=1&perPage=10',
  );
  await measure(`${heavyRows.toLocaleString('en')}-row users, random page`, heavy, () => {
    const page = 1 + Math.floor(Math.random() * (heavyRows / 10));
    return `?page=${page}&perPage=10`;
  });
  await measure(
    `${otherRows.toLocaleString('en')}-row users, page 1`,
    other,
    () => '?page=1&perPage=10',
  );

  // SSE overhead: a real HTTP stream against the lab, minus the finder's own total.
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const searcher = userIds[0] ?? '';
  await db.transaction((tx) =>
    applyCreditEntry(tx, {
      userId: searcher,
      kind: 'bonus',
      amount: searches + 10,
      idempotencyKey: 'bench:credits',
    }),
  );
  const token = await tokenOf(searcher);
  const overhead: number[] = [];
  const streamTotal: number[] = [];
  for (let i = 0; i < searches + 3; i += 1) {
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}/api/person/sse`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({ firstName: 'Ann', lastName: 'Lee', companyWebsite: 'acme.test' }),
    });
    const body = await response.text();
    const elapsed = performance.now() - started;
    const line =
      body
        .split('\n')
        .filter((text) => text.startsWith('data: '))
        .at(-1) ?? '';
    const data = JSON.parse(line.slice(6)) as {
      exactEmailScore?: number;
      evidence?: { timings: { totalMs: number } };
    };
    if (data.exactEmailScore !== 99 || !data.evidence) throw new Error(`unexpected answer ${line}`);
    // The first searches warm up the JIT and the connections.
    if (i < 3) continue;
    streamTotal.push(elapsed);
    overhead.push(elapsed - data.evidence.timings.totalMs);
  }
  console.log('\nPOST /api/person/sse against the mail lab (real HTTP, verified find, charged)');
  console.log(`  ${'whole stream'.padEnd(44)} ${summary(streamTotal)}`);
  console.log(`  ${'overhead beyond evidence.timings.totalMs'.padEnd(44)} ${summary(overhead)}`);

  // The public API: the same calls to a process with the per-key limiter and to one without.
  const unlimited = await buildApp({
    config,
    db,
    clock: systemClock,
    mailer: createMailer({ smtpUrl: undefined, mailFrom: config.mailFrom, db }),
    logger: false,
    publicApi: { rateLimits: false },
  });
  await unlimited.listen({ port: 0, host: '127.0.0.1' });
  const unlimitedPort = (unlimited.server.address() as AddressInfo).port;
  const keys: string[] = [];
  for (const owner of userIds.slice(0, v2KeyOwners)) {
    await db.transaction((tx) =>
      applyCreditEntry(tx, {
        userId: owner,
        kind: 'bonus',
        amount: v2Finds * 2,
        idempotencyKey: `bench:v2:${owner}`,
      }),
    );
    const ownerToken = await tokenOf(owner);
    for (let i = 0; i < 20; i += 1) {
      const response = await fetch(`http://127.0.0.1:${port}/api/api-keys`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: ownerToken },
        body: JSON.stringify({ name: `bench ${i}` }),
      });
      keys.push(((await response.json()) as { key: string }).key);
    }
  }
  const v2Call = async (atPort: number, path: string, key: string) => {
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${atPort}/v2/${path}`, {
      headers: { 'x-api-key': key },
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`/v2/${path} answered ${response.status}`);
    return performance.now() - started;
  };
  // Alternating the two processes call by call, so that both meet the same load.
  const sideBySide = async (label: string, path: string, calls: number) => {
    const withLimiter: number[] = [];
    const withoutLimiter: number[] = [];
    for (let i = 0; i < calls + 10; i += 1) {
      const key = keys[i % keys.length] ?? '';
      const limited = await v2Call(port, path, key);
      const free = await v2Call(unlimitedPort, path, key);
      if (i < 10) continue;
      withLimiter.push(limited);
      withoutLimiter.push(free);
    }
    const median = (samples: number[]) =>
      percentile(
        [...samples].sort((a, b) => a - b),
        50,
      );
    console.log(`  ${`${label}, with the limiter`.padEnd(44)} ${summary(withLimiter)}`);
    console.log(`  ${`${label}, without`.padEnd(44)} ${summary(withoutLimiter)}`);
    console.log(
      `  ${`${label}, limiter's cost at p50`.padEnd(44)} ${(median(withLimiter) - median(withoutLimiter)).toFixed(2).padStart(7)} ms`,
    );
  };
  console.log(
    '\nGET /v2 against the mail lab (real HTTP, API key, usage row written; finds verified and charged)',
  );
  await sideBySide(
    '/v2/email-finder',
    'email-finder?domain=acme.test&first_name=Ann&last_name=Lee',
    v2Finds,
  );
  await sideBySide('/v2/account', 'account', v2Reads);
  await unlimited.close();
  await app.close();
} finally {
  await lab.close();
  await pool.end();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
