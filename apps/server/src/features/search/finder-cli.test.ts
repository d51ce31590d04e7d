import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type MailLab, startMailLab } from '@mailhound/mail-lab';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { labEnv, searchLab } from './search.test-kit.ts';

const mainScript = join(import.meta.dirname, '../../main.ts');
const dataDir = mkdtempSync(join(tmpdir(), 'mailhound-cli-'));
let lab: MailLab;

beforeAll(async () => {
  lab = await startMailLab(searchLab);
});
afterAll(async () => {
  await lab.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function mailhound(args: string[]): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [mainScript, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32), ...labEnv(lab) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.on('close', (code) => resolve({ code, stdout }));
  });
}

it('`mailhound find` and `mailhound verify` run the finder with the FINDER_* settings', async () => {
  const found = await mailhound(['find', 'Ann', 'Lee', 'acme.test', '--json']);
  expect(found.code).toBe(0);
  expect(JSON.parse(found.stdout)).toMatchObject({
    exactEmail: 'ann.lee@acme.test',
    exactEmailScore: 99,
  });
  const verified = await mailhound(['verify', 'ann.lee@acme.test']);
  expect(verified.code).toBe(0);
  expect(verified.stdout).toMatch(/score:\s+99/);
  const gone = await mailhound(['find', 'Ann', 'Lee', 'gone.test']);
  expect(gone.code).toBe(1);
  expect(gone.stdout).toContain('No MX records associated with domain found');
});

it('`mailhound find --batch` prints one JSON line per row, in the order of the file', async () => {
  const file = join(dataDir, 'people.csv');
  writeFileSync(
    file,
    [
      'First,Last,Domain',
      'Ann,Lee,acme.test',
      'Nobody,Here,gone.test',
      ',Lee,acme.test',
      '"Ann","Lee","https://www.small.test/about"',
    ].join('\n'),
  );
  const batch = await mailhound(['find', '--batch', file]);
  expect(batch.code).toBe(0);
  const lines = batch.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  expect(lines).toEqual([
    {
      firstName: 'Ann',
      lastName: 'Lee',
      domain: 'acme.test',
      exactEmail: 'ann.lee@acme.test',
      exactEmailScore: 99,
    },
    {
      firstName: 'Nobody',
      lastName: 'Here',
      domain: 'gone.test',
      exactEmail: null,
      exactEmailScore: 0,
      error: 'No MX records associated with domain found',
    },
    { error: 'Row 4 needs a first name, a last name and a domain' },
    {
      firstName: 'Ann',
      lastName: 'Lee',
      domain: 'https://www.small.test/about',
      exactEmail: 'ann@small.test',
      exactEmailScore: 60,
    },
  ]);
  const full = await mailhound(['find', '--batch', file, '--json']);
  expect(JSON.parse(full.stdout.split('\n')[0]!)).toMatchObject({
    exactEmail: 'ann.lee@acme.test',
    evidence: { pattern: 'first.last', catchAll: false },
  });
  writeFileSync(file, 'name,company\nAnn,acme.test\n');
  expect((await mailhound(['find', '--batch', file])).code).toBe(2);
});
