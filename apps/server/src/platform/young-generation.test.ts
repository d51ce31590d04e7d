import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { testTempDir } from '../test/temp-dir.ts';
import { semiSpaceMb } from './young-generation.ts';

const run = promisify(execFile);

// A process that bounds its young generation as `mailhound worker` does, then allocates as
// loading the server's modules does (most of it survives), and says what its young
// generation grew to, its pid before and after, and the arguments it ends up with.
async function allocating(nodeFlags: string[]) {
  const dir = testTempDir('young-generation');
  const script = join(dir, 'allocate.mjs');
  const module = pathToFileURL(join(import.meta.dirname, 'young-generation.ts')).href;
  writeFileSync(
    script,
    `import { writeFileSync, readFileSync } from 'node:fs';
import v8 from 'node:v8';
const pids = ${JSON.stringify(join(dir, 'pids'))};
writeFileSync(pids, String(process.pid) + '\\n', { flag: 'a' });
const { execWithBoundedYoungGeneration } = await import(${JSON.stringify(module)});
execWithBoundedYoungGeneration();
let kept = [];
for (let i = 0; i < 2e7; i++) {
  kept.push({ i });
  if (kept.length > 400000) kept = [];
}
const newSpace = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
console.log(JSON.stringify({
  newSpaceMb: newSpace.space_size / 1048576,
  pids: readFileSync(pids, 'utf8').trim().split('\\n').map(Number),
  pid: process.pid,
  execArgv: process.execArgv,
  args: process.argv.slice(2),
}));
`,
  );
  const { stdout } = await run(process.execPath, [...nodeFlags, script, 'worker', '--json'], {
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  return JSON.parse(stdout) as {
    newSpaceMb: number;
    pids: number[];
    pid: number;
    execArgv: string[];
    args: string[];
  };
}

describe('the young generation of a long-running process', () => {
  it('stays within two 16 MB semi-spaces, in the same process with the same arguments', async () => {
    const result = await allocating([]);
    // Node 24 would grow it to 128 MB.
    expect(result.newSpaceMb).toBeLessThanOrEqual(2 * semiSpaceMb);
    expect(result.execArgv).toEqual([`--max-semi-space-size=${semiSpaceMb}`]);
    expect(result.args).toEqual(['worker', '--json']);
    // Started once more in place: the pid a supervisor signals (or SIGKILLs) is the same.
    expect(result.pids).toEqual([result.pid, result.pid]);
  }, 60_000);

  it('keeps a size the operator gave on the command line', async () => {
    const result = await allocating(['--max-semi-space-size=2']);
    expect(result.newSpaceMb).toBeLessThanOrEqual(4);
    expect(result.execArgv).toEqual(['--max-semi-space-size=2']);
    expect(result.pids).toEqual([result.pid]);
  }, 60_000);
});
