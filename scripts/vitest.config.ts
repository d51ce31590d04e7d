import { defineProject } from 'vitest/config';
import { testWorkers } from '../vitest.workers.ts';

export default defineProject({
  // The files share no state: one module graph for all of them saves importing it per file.
  test: { maxWorkers: testWorkers, name: 'scripts', include: ['*.test.ts'], isolate: false },
});
