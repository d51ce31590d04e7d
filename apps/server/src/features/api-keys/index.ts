export { defineApiKeyJobs } from './jobs.ts';
export {
  addApiCallCredits,
  countApiCalls,
  currentPeriodStart,
  findKeyHolder,
  recordApiCall,
} from './keys.ts';
export { registerApiKeyRoutes } from './routes.ts';
