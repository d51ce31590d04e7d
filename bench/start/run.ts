// `npm run bench:start`: the JavaScript the web app's first page loads (gzipped), then the time
// `npm start` takes to answer 200 on /healthz and on `/`: cold (a fresh DATA_DIR: initdb,
// migrations, demo seed) and warm (the same DATA_DIR again). Each start runs
// BENCH_START_RUNS times (3); the median is printed. The web app is built first if its sources
// changed, so the starts measure the server, as a second `npm start` would.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { freePort } from '../../apps/server/src/platform/embedded-postgres.ts';
import { buildWebIfChanged } from '../../scripts/build-web.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const distDir = join(repoRoot, 'apps/web/dist');
const runs = Number(process.env.BENCH_START_RUNS ?? 3);
// `/` redirects to the single search: its screen is part of the first page.
const firstScreen = 'src/features/search/components/single-search-page.tsx';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };

// The entry chunk, the first screen's chunk, and every chunk they import statically.
function firstPageJs(): { files: string[]; bytes: number; gzipped: number } {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('the web manifest has no entry chunk');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(entry);
  // Absent when the screen is bundled into the entry chunk.
  if (manifest[firstScreen]) visit(firstScreen);
  const files = [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  let bytes = 0;
  let gzipped = 0;
  for (const file of files) {
    const content = readFileSync(join(distDir, file));
    bytes += content.length;
    gzipped += gzipSync(content, { level: 9 }).length;
  }
  return { files, bytes, gzipped };
}

async function answers200(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { redirect: 'manual' });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

type StartTimes = { healthz: number; page: number };

// The `mailhound start` process below npm and its shell (Linux: /proc).
function findServer(pid: number): number | undefined {
  let command: string;
  let children: number[];
  try {
    command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number);
  } catch {
    return undefined;
  }
  if (command.includes('apps/server/src/main.ts') && !command.startsWith('sh ')) return pid;
  for (const child of children) {
    const found = findServer(child);
    if (found) return found;
  }
  return undefined;
}

// Starts `npm start` on a free port and times its first 200s; then stops it with SIGINT.
async function timeStart(dataDir: string): Promise<StartTimes> {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn('npm', ['start', '--silent'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = once(child, 'exit');
  const base = `http://127.0.0.1:${port}`;
  const times: Partial<StartTimes> = {};
  try {
    while (times.healthz === undefined || times.page === undefined) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      if (times.healthz === undefined && (await answers200(`${base}/healthz`)))
        times.healthz = performance.now() - started;
      if (times.page === undefined && (await answers200(`${base}/`)))
        times.page = performance.now() - started;
      await new Promise((done) => setTimeout(done, 25));
    }
  } finally {
    // The server stops its embedded PostgreSQL itself; npm and its shell exit after it.
    const server = child.pid ? findServer(child.pid) : undefined;
    if (server) process.kill(server, 'SIGINT');
    else if (child.exitCode === null) child.kill('SIGINT');
    await exited;
  }
  return times as StartTimes;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

buildWebIfChanged();
const js = firstPageJs();
console.log(
  `first page JS: ${(js.gzipped / 1024).toFixed(1)} kB gzipped (${(js.bytes / 1024).toFixed(0)} kB) in ${js.files.length} files`,
);

const cold: StartTimes[] = [];
const warm: StartTimes[] = [];
for (let run = 0; run < runs; run++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'mailhound-bench-start-'));
  try {
    cold.push(await timeStart(dataDir));
    warm.push(await timeStart(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const last = run === runs - 1 ? '' : '…';
  console.log(
    `run ${run + 1}: cold ${seconds(cold.at(-1)!.healthz)} / ${seconds(cold.at(-1)!.page)}, warm ${seconds(warm.at(-1)!.healthz)} / ${seconds(warm.at(-1)!.page)}${last}`,
  );
}
for (const [name, times] of [
  ['cold', cold],
  ['warm', warm],
] as const) {
  console.log(
    `npm start ${name} (median of ${runs}): /healthz 200 after ${seconds(median(times.map((t) => t.healthz)))}, / 200 after ${seconds(median(times.map((t) => t.page)))}`,
  );
}
