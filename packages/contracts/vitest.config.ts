import { defineProject } from 'vitest/config';
import { testWorkers } from '../../vitest.workers.ts';

export default defineProject({
  test: {
    maxWorkers: testWorkers,
    name: 'contracts',
    // The files share no state: one module graph for all of them saves importing it per file.
    isolate: false,
    include: ['src/**/*.test.ts'],
  },
});
