import { defineProject } from 'vitest/config';
import { testWorkers } from '../vitest.workers.ts';

export default defineProject({
  test: {
    maxWorkers: testWorkers,
    name: 'e2e',
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    // Files run side by side (see vitest.workers.ts): each browser test signs up its own users,
    // and a file that needs its own app, mail lab or Dovecot starts them on free ports.
    fileParallelism: true,
    // Browser tests run after the other projects, so the apps they start do not share the
    // cores with the server suite's databases.
    sequence: { groupOrder: 1 },
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
