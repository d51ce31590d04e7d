import { defineProject } from 'vitest/config';

export default defineProject({
  // The files share no state: one module graph for all of them saves importing it per file.
  test: { name: 'scripts', include: ['*.test.ts'], isolate: false },
});
