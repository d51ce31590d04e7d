import { availableParallelism } from 'node:os';

// How many test files run at once, in every project. Vitest reads `maxWorkers` from each
// project's own config (a project given as a config file does not inherit the root's) and
// defaults it to cores − 1, so on a two-core machine every project ran one file at a time, and
// the projects one after another. Most files wait on PostgreSQL, SMTP, IMAP or Chromium rather
// than on the CPU, so a worker per core plus one keeps the cores busy. Every project must give
// the same number (Vitest requires it of projects that run in the same group);
// VITEST_MAX_WORKERS still overrides it for a run.
export const testWorkers = availableParallelism() + 1;
