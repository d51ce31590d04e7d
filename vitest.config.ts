import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each project has its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'e2e', 'scripts'],
  },
});
