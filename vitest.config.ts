import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { testWorkers } from './vitest.workers.ts';

// As `npm start` does (scripts/compile-cache.ts), V8 keeps compiled code on disk, in the same
// place: the test workers and the many `mailhound` processes the tests start (the browser
// tests' apps, the crash tests' workers, the CLI) then compile the server's modules and the
// dependencies once per run, not once per process. The workers and those processes inherit it.
process.env.NODE_COMPILE_CACHE ??= join(tmpdir(), 'node-compile-cache');

// One Vitest run covers every workspace; each project has its own vitest.config.ts, and each
// sets its own `maxWorkers` (see vitest.workers.ts).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'e2e', 'scripts'],
    maxWorkers: testWorkers,
  },
});
