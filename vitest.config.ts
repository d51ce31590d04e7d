import { defineConfig } from 'vitest/config';
import { testWorkers } from './vitest.workers.ts';

// One Vitest run covers every workspace; each project has its own vitest.config.ts, and each
// sets its own `maxWorkers` (see vitest.workers.ts).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'e2e', 'scripts'],
    maxWorkers: testWorkers,
  },
});
