import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { testWorkers } from '../../vitest.workers.ts';

export default defineProject({
  plugins: [react()],
  test: {
    maxWorkers: testWorkers,
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // A screen test clicks through a whole page in jsdom; on a 2-core machine running every
    // project at once, a few of them took just over the 5 s default. A hang still fails.
    testTimeout: 15_000,
  },
});
