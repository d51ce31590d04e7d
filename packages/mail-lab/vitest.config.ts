import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'mail-lab',
    testTimeout: 20_000,
  },
});
