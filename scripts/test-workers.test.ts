import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { createVitest } from 'vitest/node';
import { testWorkers } from '../vitest.workers.ts';

const repoRoot = resolve(import.meta.dirname, '..');

// Vitest reads `maxWorkers` from each project's own config file, not from the root's: a project
// that leaves it out runs its files one at a time, after every other project.
it('every test project runs as many files at once as vitest.workers.ts says', async () => {
  const vitest = await createVitest('test', { root: repoRoot, watch: false });
  try {
    const expected = Number(process.env.VITEST_MAX_WORKERS) || testWorkers;
    const workers = Object.fromEntries(vitest.projects.map((p) => [p.name, p.config.maxWorkers]));
    expect(Object.keys(workers)).toEqual(expect.arrayContaining(['server', 'web', 'e2e']));
    expect(workers).toEqual(Object.fromEntries(Object.keys(workers).map((n) => [n, expected])));
    expect(expected).toBeGreaterThan(1);
  } finally {
    await vitest.close();
  }
});
