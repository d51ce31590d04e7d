export { defineVerifyJobs } from './jobs.ts';
export { registerVerifyRoutes } from './routes.ts';
export { runVerification } from './run-verification.ts';
export { verdictOf } from './verdict.ts';
