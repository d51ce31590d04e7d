import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each project has its own vitest.config.ts. A worker per
// core (Vitest's default leaves one idle, which on a two-core machine ran one file at a time):
// most files wait on PostgreSQL, SMTP, IMAP or a browser, not on the CPU.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'e2e', 'scripts'],
    maxWorkers: '100%',
  },
});
