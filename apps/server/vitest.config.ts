import { defineProject } from 'vitest/config';
import { testWorkers } from '../../vitest.workers.ts';

export default defineProject({
  test: {
    maxWorkers: testWorkers,
    name: 'server',
    include: ['src/**/*.test.ts'],
    // One embedded PostgreSQL for the whole run; each test file gets its own database.
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
