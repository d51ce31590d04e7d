export {
  addApiCallCredits,
  countApiCalls,
  currentPeriodStart,
  findKeyHolder,
  type KeyHolder,
  recordApiCall,
} from './keys.ts';
export { registerApiKeyRoutes } from './routes.ts';
