// `npm run bench:bulk`: a 10,000-row bulk search over 500 lab domains end to end (upload to
// completion through one `mailhound api` and one `mailhound worker` process on an embedded
// PostgreSQL), the bare engine's findBatch on the same rows in a process of its own and the
// ratio of the two rates, the peak memory of the processes, and the time to parse a
// 100,000-row upload.
import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FindInput } from '@mailhound/finder';
import { generateLab, startMailLab } from '@mailhound/mail-lab';
import { parseUpload } from '../../apps/server/src/features/bulk/upload-file.ts';
import { applyCreditEntry } from '../../apps/server/src/features/credits/credit-ledger.ts';
import { freePort } from '../../apps/server/src/platform/embedded-postgres.ts';
import { semiSpaceMb } from '../../apps/server/src/platform/young-generation.ts';
import {
  benchToken,
  cpuSeconds,
  createBenchDatabase,
  createBenchUser,
  mailhoundEnv,
  peakRssKb,
  startBenchPostgres,
  startMailhound,
} from '../mailhound-process.ts';

const rowCount = 10_000;
const domainCount = 500;
const parseRows = 100_000;

type Item = {
  status: string;
  progress: { success: number; fail: number; total: number };
  result: { successCount: number; verifiedCount: number } | null;
};

const mb = (kilobytes: number) => `${(kilobytes / 1024).toFixed(1)} MB`;

type EngineRun = { ms: number; found: number; peakRssKb: number };

// bench/bulk/engine.ts on the rows, with the worker's environment and young generation.
function runEngine(inputs: FindInput[], env: Record<string, string>): Promise<EngineRun> {
  const engine = join(import.meta.dirname, 'engine.ts');
  const child = spawn(process.execPath, [`--max-semi-space-size=${semiSpaceMb}`, engine], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (data: Buffer) => {
    output += data.toString();
  });
  child.stdin.end(JSON.stringify({ inputs }));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(output) as EngineRun)
        : reject(new Error(`the engine run exited (${code}): ${output}`)),
    );
  });
}

function csvOf(rows: string[][]): string {
  const cell = (value: string) =>
    /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  return rows.map((row) => row.map(cell).join(',')).join('\n');
}

const { dataDir, server, close } = await startBenchPostgres('bulk');
const children: ChildProcess[] = [];
try {
  const { url, pool, db } = await createBenchDatabase(server);

  // Greylisting off: the server's finder waits 60 s before asking again, which would measure
  // that wait. Silent hosts, tarpits, 421s, dead domains and catch-alls stay in.
  const spec = generateLab({
    seed: 42,
    domains: domainCount,
    people: rowCount,
    latencyMs: 20,
    greylistMs: 0,
  });
  const lab = await startMailLab(spec);
  const people = lab.manifest.people.slice(0, rowCount);

  const userId = await createBenchUser(db, 'bench@bench.test');
  await db.transaction((tx) =>
    applyCreditEntry(tx, { userId, kind: 'bonus', amount: 100_000, idempotencyKey: 'bench' }),
  );
  const token = await benchToken(userId);

  const port = await freePort();
  const env = {
    ...mailhoundEnv({ databaseUrl: url, dataDir, port }),
    FINDER_RESOLVERS: lab.dnsServer,
    FINDER_SMTP_PORT: String(lab.smtpPort),
    FINDER_ALLOW_PRIVATE_MX: 'true',
    FINDER_CONNECT_TIMEOUT_MS: '1000',
    FINDER_COMMAND_TIMEOUT_MS: '2000',
    // As bench:finder: a host that answered 421 (the lab's one-session-per-client hosts) is
    // asked again after 500 ms, not the production 30 s, which would measure that wait as
    // greylisting would.
    FINDER_BUSY_BACKOFF_MS: '500',
  };
  // The bare engine first, alone on the machine's share of the lab.
  const engine = await runEngine(
    people.map((person) => ({
      firstName: person.firstName,
      lastName: person.lastName,
      domain: person.domain,
    })),
    env,
  );
  const api = await startMailhound('api', env);
  children.push(api);
  const worker = await startMailhound('worker', env);
  children.push(worker);

  const csv = csvOf([
    ['First Name', 'Last Name', 'Company Website'],
    ...people.map((person) => [person.firstName, person.lastName, person.domain]),
  ]);
  console.log(
    `Lab: ${domainCount} domains, ${people.length.toLocaleString('en')} rows (${(csv.length / 1024).toFixed(0)} kB CSV), 20 ms per SMTP reply, 421 backoff 500 ms; machine: ${os.cpus().length} CPUs, load ${os.loadavg()[0]?.toFixed(2)}`,
  );
  const started = performance.now();
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
  const uploaded = await fetch(`http://127.0.0.1:${port}/api/person/bulk`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  if (uploaded.status !== 201)
    throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
  const accepted = performance.now();
  const { requestId } = (await uploaded.json()) as { requestId: string };
  const workerCpuBefore = cpuSeconds(worker.pid);
  const workerPeakBefore = peakRssKb(worker.pid);
  // When the first rows were written and when the last were (the rest is completion: the
  // result files), as the history item shows them, read every 100 ms.
  let firstRowsAt: number | undefined;
  let allRowsAt: number | undefined;
  let item: Item;
  for (;;) {
    const answer = await fetch(`http://127.0.0.1:${port}/api/search-history/bulk/${requestId}`, {
      headers: { authorization: token },
    });
    item = (await answer.json()) as Item;
    const processed = item.progress.success + item.progress.fail;
    if (processed > 0) firstRowsAt ??= performance.now();
    if (processed === item.progress.total) allRowsAt ??= performance.now();
    if (item.status !== 'processing') break;
    await sleep(100);
  }
  const seconds = (performance.now() - started) / 1000;
  const workerCpu = cpuSeconds(worker.pid) - workerCpuBefore;
  const at = (time: number | undefined) =>
    time === undefined ? '?' : `${((time - started) / 1000).toFixed(1)} s`;
  console.log(`\nBulk search, ${rowCount.toLocaleString('en')} rows, upload to completion`);
  console.log(
    `  upload answered (parse, rows, hold, jobs): ${((accepted - started) / 1000).toFixed(2)} s`,
  );
  console.log(
    `  first rows written at ${at(firstRowsAt)}, all rows at ${at(allRowsAt)}, completed (result files) at ${seconds.toFixed(1)} s`,
  );
  console.log(`  end to end: ${seconds.toFixed(1)} s → ${(rowCount / seconds).toFixed(0)} rows/s`);
  console.log(`  worker CPU: ${workerCpu.toFixed(1)} s in ${seconds.toFixed(1)} s of wall time`);
  console.log(
    `  status ${item.status}: ${item.result?.successCount ?? 0} found, ${item.result?.verifiedCount ?? 0} verified, ${item.progress.fail} without an address`,
  );
  console.log(
    `  peak RSS: api ${mb(peakRssKb(api.pid))}, worker ${mb(peakRssKb(worker.pid))} (${mb(workerPeakBefore)} once started, before the upload)`,
  );
  const bulkRate = rowCount / seconds;
  const engineRate = rowCount / (engine.ms / 1000);
  console.log(
    `\nBare engine on the same rows (one findBatch, memory pattern store, a process of its own)`,
  );
  console.log(
    `  ${(engine.ms / 1000).toFixed(1)} s → ${engineRate.toFixed(0)} rows/s; ${engine.found} found; peak RSS ${mb(engine.peakRssKb)}`,
  );
  console.log(`  bulk ÷ engine: ${(bulkRate / engineRate).toFixed(2)}`);

  const download = performance.now();
  const file = await fetch(
    `http://127.0.0.1:${port}/api/file/${requestId}/result/full?format=xlsx`,
    {
      headers: { authorization: token },
    },
  );
  const bytes = (await file.arrayBuffer()).byteLength;
  console.log(
    `  full result download (xlsx, ${(bytes / 1024).toFixed(0)} kB): ${(performance.now() - download).toFixed(0)} ms`,
  );

  const big = csvOf([
    ['First Name', 'Last Name', 'Company Website'],
    ...Array.from({ length: parseRows }, (_, i) => {
      const person = people[i % people.length];
      return [person?.firstName ?? 'Ann', person?.lastName ?? 'Lee', person?.domain ?? 'acme.com'];
    }),
  ]);
  const bigBytes = Buffer.from(big);
  const parseStarted = performance.now();
  const parsed = await parseUpload(bigBytes, { maxRows: parseRows });
  const parseMs = performance.now() - parseStarted;
  console.log(
    `\nParsing a ${parseRows.toLocaleString('en')}-row upload (${(bigBytes.length / 1048576).toFixed(1)} MB CSV)`,
  );
  console.log(
    `  parseUpload, all rows read: ${parseMs.toFixed(0)} ms (${parsed.rows.length.toLocaleString('en')} rows)`,
  );
  const refusedStarted = performance.now();
  const bigForm = new FormData();
  bigForm.append('file', new Blob([bigBytes], { type: 'text/csv' }), 'big.csv');
  const refused = await fetch(`http://127.0.0.1:${port}/api/person/bulk`, {
    method: 'POST',
    headers: { authorization: token },
    body: bigForm,
  });
  const refusal = (await refused.json()) as { message: string };
  console.log(
    `  the API refuses it (${refused.status} '${refusal.message}') in ${(performance.now() - refusedStarted).toFixed(0)} ms, reading no further than row 10,001`,
  );
  console.log(`  peak RSS after it: api ${mb(peakRssKb(api.pid))}`);

  await lab.close();
  await pool.end();
} finally {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) =>
          child.exitCode !== null ? resolve(null) : child.once('exit', resolve),
        ),
    ),
  );
  await close();
}
