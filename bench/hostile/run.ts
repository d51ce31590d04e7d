// `npm run bench:hostile`: how `/healthz` answers while one `mailhound api` process is sent
// hostile spreadsheets (issue 20). For each upload: its answer and time, and /healthz polled
// every 20 ms meanwhile (p50, p99 and max over every poll sent while the upload ran, each
// waited for to its answer).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { applyCreditEntry } from '../../apps/server/src/features/credits/credit-ledger.ts';
import {
  freePort,
  startEmbeddedPostgres,
} from '../../apps/server/src/platform/embedded-postgres.ts';
import {
  lyingZipBomb,
  xlsxOf,
  xlsxOfEmails,
  xlsxWithHugeCell,
} from '../../apps/server/src/platform/uploads/workbooks.test-kit.ts';
import {
  benchToken,
  createBenchDatabase,
  mailhoundEnv,
  peakRssKb,
  startMailhound,
} from '../mailhound-process.ts';

const pollEveryMs = 20;

const mb = (kilobytes: number) => `${(kilobytes / 1024).toFixed(1)} MB`;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const dataDir = mkdtempSync(join(os.tmpdir(), 'mailhound-bench-hostile-'));
const server = await startEmbeddedPostgres({
  dataDir,
  port: await freePort(),
  log: () => undefined,
  settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
});
let api: ChildProcess | undefined;
try {
  const { url, pool, db } = await createBenchDatabase(server);

  await db.execute(sql`
    insert into plans (name, is_default, rules) values ('Pro', false,
      '{"credits": 1000, "lead_search_credits": 50, "interval": "month", "price": 4900, "price_id": "price_pro"}')
    on conflict (name) do nothing`);
  const created = await db.execute<{ id: string }>(sql`
    insert into users (username, fname, lname, status, properties, plan_id)
    values ('bench@bench.test', 'Bench', 'User', 'active', '{}',
            (select id from plans where name = 'Pro'))
    returning id`);
  const userId = created.rows[0]?.id ?? '';
  await db.transaction((tx) =>
    applyCreditEntry(tx, {
      userId,
      kind: 'plan_grant',
      amount: 100_000,
      leadAmount: 50,
      idempotencyKey: 'bench',
    }),
  );
  const token = await benchToken(userId);

  const port = await freePort();
  const env = {
    ...mailhoundEnv({ databaseUrl: url, dataDir, port }),
  };
  api = await startMailhound('api', env);
  const base = `http://127.0.0.1:${port}`;

  const hugeCell = 40 * 1024 * 1024;
  const cases: Array<{ what: string; route: string; name: string; bytes: Buffer }> = [
    {
      what: 'a well-formed 1,000-row list, for comparison',
      route: '/api/person/bulk',
      name: 'list.xlsx',
      bytes: xlsxOf([
        ['First Name', 'Last Name', 'Company Website'],
        ...Array.from({ length: 1000 }, (_, i) => [`Ann${i}`, 'Lee', 'acme.com']),
      ]),
    },
    {
      what: 'one 40 MB cell',
      route: '/api/lookalike',
      name: 'cell.xlsx',
      bytes: xlsxWithHugeCell(['Company'], hugeCell),
    },
    {
      what: 'one 40 MB cell',
      route: '/api/person/bulk',
      name: 'cell.xlsx',
      bytes: xlsxWithHugeCell(['First Name', 'Last Name', 'Company Website'], hugeCell),
    },
    {
      what: '300,000 rows',
      route: '/api/person/bulk',
      name: 'rows.xlsx',
      bytes: xlsxOfEmails(300_000),
    },
    {
      what: '300,000 rows',
      route: '/api/person/bulk',
      name: 'rows.csv',
      bytes: Buffer.from(
        ['Email', ...Array.from({ length: 300_000 }, (_, i) => `p${i % 1000}@acme.com`)].join('\n'),
      ),
    },
    {
      // A quote-heavy CSV is where a backtracking parser goes quadratic; csv-rows.test.ts checks
      // what it reads, this prints how long it takes.
      what: '2 MB of stray quotes',
      route: '/api/person/bulk',
      name: 'quotes.csv',
      bytes: Buffer.from(`Email,Name\n${'"x,"""y"z,'.repeat(200_000)}\n`),
    },
    {
      what: 'zip bomb, 1 GB declared as 1 kB',
      route: '/api/person/bulk',
      name: 'bomb.xlsx',
      bytes: lyingZipBomb(1024 * 1024 * 1024),
    },
  ];

  console.log(
    `One mailhound api (peak RSS ${mb(peakRssKb(api.pid))} before any upload); /healthz polled every ${pollEveryMs} ms during each upload; machine: ${os.cpus().length} CPUs, load ${os.loadavg()[0]?.toFixed(2)}`,
  );
  for (const hostile of cases) {
    const form = new FormData();
    form.append('file', new Blob([hostile.bytes]), hostile.name);
    const started = performance.now();
    let settled = false;
    const upload = fetch(`${base}${hostile.route}`, {
      method: 'POST',
      headers: { authorization: token },
      body: form,
    })
      .then(async (answer) => `${answer.status} ${(await answer.text()).slice(0, 120)}`)
      .catch((error: unknown) => `failed: ${(error as Error).message}`)
      .finally(() => {
        settled = true;
      });
    const latencies: number[] = [];
    const polls: Promise<void>[] = [];
    while (!settled) {
      const sent = performance.now();
      polls.push(
        fetch(`${base}/healthz`)
          .then((answer) => answer.text())
          .then(
            () => {
              latencies.push(performance.now() - sent);
            },
            () => {
              latencies.push(Number.POSITIVE_INFINITY);
            },
          ),
      );
      await Promise.race([sleep(pollEveryMs), upload]);
    }
    const answer = await upload;
    const seconds = (performance.now() - started) / 1000;
    await Promise.race([Promise.all(polls), sleep(60_000)]);
    const sorted = [...latencies].sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    console.log(
      `\n${hostile.route}, ${hostile.what} (${(hostile.bytes.length / 1024).toFixed(0)} kB ${hostile.name})`,
    );
    console.log(`  answer after ${seconds.toFixed(2)} s: ${answer}`);
    console.log(
      `  /healthz: ${sorted.length} polls, p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? Number.NaN)}`,
    );
    console.log(`  api peak RSS so far: ${mb(peakRssKb(api.pid))}`);
    if (api.exitCode !== null || api.signalCode !== null) {
      console.log(`  the api process died (${api.exitCode ?? api.signalCode}); restarting it`);
      api = await startMailhound('api', env);
    }
  }
  await pool.end();
} finally {
  const child = api;
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
