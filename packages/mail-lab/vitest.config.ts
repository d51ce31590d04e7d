import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'mail-lab',
    // The files share no state: one module graph for all of them saves importing it per file.
    isolate: false,
    testTimeout: 20_000,
  },
});
