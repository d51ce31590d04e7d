export { defineVerifyJobs } from './jobs.ts';
export { registerVerifyRoutes } from './routes.ts';
export { verdictOf } from './verdict.ts';
