export { latestVerdict, saveVerdict, saveVerdictsFrom } from './address-verdicts.ts';
export { defineVerifyJobs } from './jobs.ts';
export { registerVerifyRoutes } from './routes.ts';
export { runVerification } from './run-verification.ts';
export { verdictOf, verdictOfFound, verdictOfStored } from './verdict.ts';
