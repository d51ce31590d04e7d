import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type MailLab, startMailLab } from '@mailhound/mail-lab';
import { and, eq, like, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../config.ts';
import { freePort } from '../../platform/embedded-postgres.ts';
import { activeUser } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { applyCreditEntry } from '../credits/credit-ledger.ts';
import { creditAccounts, creditEntries } from '../credits/schema.ts';
import { labEnv } from '../search/search.test-kit.ts';
import { patternLab, toCsv } from './bulk.test-kit.ts';
import type { BulkItem } from './bulk-store.ts';
import { bulkRequests, bulkRows } from './schema.ts';

// The deployment shape of the README: one `mailhound api` and two `mailhound worker`
// processes on one PostgreSQL. One worker is killed (SIGKILL) three times while the request
// runs and started again each time; the browser's stream is read from the API process.

const lab2000 = patternLab({ domains: 100, people: 20, hosts: 10, commandDelayMs: 500 });
const main = join(repoRoot, 'apps/server/src/main.ts');

let lab: MailLab;
let t: TestContext;
let dataDir: string;
let env: Record<string, string>;
const children = new Set<ChildProcess>();

beforeAll(async () => {
  lab = await startMailLab(lab2000.spec);
  t = await createTestContext();
  dataDir = mkdtempSync(join(tmpdir(), 'mailhound-crash-'));
  const databaseUrl = t.config.databaseUrl;
  if (!databaseUrl) throw new Error('the test database has no URL');
  env = {
    ...labEnv(lab, { FINDER_COMMAND_TIMEOUT_MS: '5000' }),
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
    PUBLIC_URL: 'http://mailhound.test',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    // One chunk at a time per worker, so that the 20 chunks last many of each worker's turns:
    // a worker taking the whole list at once would leave a restarted victim nothing to take.
    BULK_CHUNKS_AT_ONCE: '1',
  };
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await t.close();
  await lab.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// Starts `mailhound <command>` and resolves once it says it is running.
function startMailhound(command: 'api' | 'worker', extra: Record<string, string> = {}) {
  const child = spawn(process.execPath, [main, command], {
    env: { ...process.env, ...env, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  return new Promise<ChildProcess>((resolve, reject) => {
    const onData = (data: Buffer) => {
      output += data.toString();
      if (output.includes(`mailhound ${command} running`)) {
        child.stdout?.off('data', onData);
        // Keep draining the pipes so the process never blocks on a full one.
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

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

// Reads the API's event stream, calling `onUpdate` with each item as it arrives.
async function followStream(
  url: string,
  token: string,
  onUpdate: (item: BulkItem) => Promise<void>,
) {
  const response = await fetch(url, {
    headers: { authorization: token, accept: 'text/event-stream' },
  });
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  if (!response.body) throw new Error('no stream body');
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const bytes of response.body) {
    buffered += decoder.decode(bytes, { stream: true });
    let end = buffered.indexOf('\n\n');
    while (end >= 0) {
      const block = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      if (data) await onUpdate(JSON.parse(data) as BulkItem);
      end = buffered.indexOf('\n\n');
    }
  }
}

describe('a bulk request whose worker is killed three times', () => {
  it('finishes with exactly the results and charges of an uninterrupted run', async () => {
    const user = await activeUser(t);
    await t.db.transaction((tx) =>
      applyCreditEntry(tx, {
        userId: user.id,
        kind: 'bonus',
        amount: 5000,
        idempotencyKey: 'crash-bonus',
      }),
    );
    const port = await freePort();
    const api = `http://127.0.0.1:${port}`;
    await startMailhound('api', { PORT: String(port) });
    // The victim's connections are named, to see the chunks it holds when it is killed.
    const victimEnv = { PGAPPNAME: 'mailhound-victim' };
    let victim = await startMailhound('worker', victimEnv);
    await startMailhound('worker');

    const csv = toCsv([
      ['First Name', 'Last Name', 'Website'],
      ...lab2000.rows.map((row) => [row.firstName, row.lastName, row.domain]),
    ]);
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'crash.csv');
    const uploaded = await fetch(`${api}/api/person/bulk`, {
      method: 'POST',
      headers: { authorization: user.token },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { requestId } = (await uploaded.json()) as BulkItem;

    const seen: BulkItem[] = [];
    const killsAt = [0.15, 0.4, 0.65];
    let kills = 0;
    const chunksLost: number[] = [];
    // Killing and restarting runs beside the stream, which keeps being read meanwhile. A kill
    // that comes due while the last restart is still starting follows it, not skipped: on a busy
    // machine the other worker may finish the list first.
    let killing: Promise<void> = Promise.resolve();
    const chunksHeld = async () => {
      const held = await t.db.execute<{ chunks: number }>(sql`
        select count(*)::int as chunks from pg_locks l join pg_stat_activity a using (pid)
        where l.locktype = 'advisory' and a.application_name = 'mailhound-victim'`);
      return held.rows[0]?.chunks ?? 0;
    };
    const killVictim = async () => {
      // A restarted victim is killed once it has taken a chunk (pg-boss hands it a job).
      let held = await chunksHeld();
      for (let wait = 0; held === 0 && wait < 100; wait += 1) {
        await sleep(50);
        held = await chunksHeld();
      }
      chunksLost.push(held);
      await killed(victim);
      victim = await startMailhound('worker', victimEnv);
    };
    await followStream(`${api}/api/search-history/bulk/${requestId}`, user.token, async (item) => {
      seen.push(item);
      const done = (item.progress.success + item.progress.fail) / item.progress.total;
      const due = killsAt[kills];
      if (due !== undefined && done >= due && item.status === 'processing') {
        kills += 1;
        killing = killing.then(killVictim);
      }
    });
    await killing;
    expect(kills).toBe(3);
    // The kills came mid-way, and at least one landed while the victim held chunks (when a
    // kill lands between two chunks depends on the machine's speed, not on the code).
    expect(
      chunksLost.some((chunks) => chunks > 0),
      String(chunksLost),
    ).toBe(true);

    // The stream moved forward only, and ended with the final state.
    const processed = seen.map((item) => item.progress.success + item.progress.fail);
    expect(processed).toEqual([...processed].sort((a, b) => a - b));
    expect(seen.at(-1), JSON.stringify(seen.at(-1))).toMatchObject({
      status: 'completed',
      progress: { success: 2000, fail: 0, total: 2000 },
      result: { successCount: 2000, verifiedCount: 2000, hasMultipleFiles: true },
    });

    // Every row done once with its address, as an uninterrupted run finds them.
    const rows = await t.db
      .select({
        rowIndex: bulkRows.rowIndex,
        state: bulkRows.state,
        email: bulkRows.email,
        score: bulkRows.score,
      })
      .from(bulkRows)
      .where(eq(bulkRows.requestId, requestId))
      .orderBy(bulkRows.rowIndex);
    expect(rows).toEqual(
      lab2000.rows.map((row, rowIndex) => ({
        rowIndex,
        state: 'done',
        email: row.email,
        score: 99,
      })),
    );
    const [request] = await t.db.select().from(bulkRequests).where(eq(bulkRequests.id, requestId));
    expect(request).toMatchObject({
      success: 2000,
      fail: 0,
      successCount: 2000,
      verifiedCount: 2000,
    });

    // The hold was taken once and released once; the download charges once.
    const download = await fetch(`${api}/api/file/${requestId}/result/success`, {
      headers: { authorization: user.token },
    });
    expect(download.status).toBe(200);
    expect((await download.text()).trim().split('\n')).toHaveLength(2001);
    const entries = await t.db
      .select({ kind: creditEntries.kind, amount: creditEntries.amount })
      .from(creditEntries)
      .where(
        and(
          eq(creditEntries.userId, user.id),
          or(like(creditEntries.idempotencyKey, `%${requestId}`), eq(creditEntries.kind, 'charge')),
        ),
      )
      .orderBy(creditEntries.id);
    expect(entries).toEqual([
      { kind: 'hold', amount: 2000 },
      { kind: 'release', amount: 2000 },
      { kind: 'charge', amount: 2000 },
    ]);
    const [account] = await t.db
      .select()
      .from(creditAccounts)
      .where(eq(creditAccounts.userId, user.id));
    expect(account).toMatchObject({ balance: 25 + 5000 - 2000, onHold: 0 });
  }, 120_000);
});
