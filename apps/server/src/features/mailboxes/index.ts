export { defineMailboxJobs } from './jobs.ts';
export { registerMailboxRoutes } from './routes.ts';
