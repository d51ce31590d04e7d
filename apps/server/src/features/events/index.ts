export { defineEventJobs } from './jobs.ts';
export { registerEventsRoutes } from './routes.ts';
