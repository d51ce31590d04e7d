import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    // Browser tests run after the other projects, so the apps they start do not share the two
    // cores with the server suite's databases.
    sequence: { groupOrder: 1 },
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
