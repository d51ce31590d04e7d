import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'finder',
    testTimeout: 20_000,
  },
});
