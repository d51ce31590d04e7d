import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './platform/embedded-postgres.ts';

const mainScript = join(import.meta.dirname, 'main.ts');
const dataDir = mkdtempSync(join(tmpdir(), 'mailhound-main-'));
const pidFile = join(dataDir, 'pg', 'postmaster.pid');

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function startChild(): Promise<{
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [mainScript, 'start'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      PG_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      WEB_DIST: join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`start exited early:\n${output}`);
    const ok = await fetch(`${baseUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (waited > 60_000) throw new Error(`no /healthz answer:\n${output}`);
    await sleep(100);
  }
  return { child, baseUrl, output: () => output };
}

const postmasterPid = () => Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((done) => {
    if (child.exitCode !== null) done(child.exitCode);
    else child.once('exit', (code) => done(code));
  });

describe('mailhound start', () => {
  it('recovers from a killed run and stops cleanly on SIGTERM, leaving no postgres behind', async () => {
    // A run killed without a chance to clean up leaves its postgres and postmaster.pid behind.
    const killed = await startChild();
    const orphan = postmasterPid();
    killed.child.kill('SIGKILL');
    await exitOf(killed.child);
    expect(alive(orphan)).toBe(true);

    const run = await startChild();
    expect(alive(orphan)).toBe(false);
    // The server runs in the pid it was started as, with its young generation bounded.
    const commandLine = readFileSync(`/proc/${run.child.pid}/cmdline`, 'utf8').split('\0');
    expect(commandLine).toContain('--max-semi-space-size=16');
    const login = await fetch(`${run.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo@mailhound.dev', password: 'Demo1234' }),
    });
    expect(login.status).toBe(200);
    expect(run.output()).toContain('WEB_DIST has no index.html');

    const postgres = postmasterPid();
    run.child.kill('SIGTERM');
    expect(await exitOf(run.child)).toBe(0);
    expect(alive(postgres)).toBe(false);
    expect(existsSync(pidFile)).toBe(false);
  }, 120_000);

  it('starts over a postmaster.pid naming a process that is not our postgres', async () => {
    // After a crash the pid in the file may belong to some other process by now.
    writeFileSync(pidFile, `${process.pid}\n${join(dataDir, 'pg')}\n`);
    const run = await startChild();
    const postgres = postmasterPid();
    expect(postgres).not.toBe(process.pid);
    run.child.kill('SIGINT');
    expect(await exitOf(run.child)).toBe(0);
    expect(alive(postgres)).toBe(false);
  }, 120_000);
});
