import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    // Two files at a time (one per worker): each browser test signs up its own users, and a
    // file that needs its own app, mail lab or Dovecot starts them on free ports.
    fileParallelism: true,
    // Browser tests run after the other projects, so the apps they start do not share the
    // cores with the server suite's databases.
    sequence: { groupOrder: 1 },
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
