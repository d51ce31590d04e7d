export { applyCreditEntry, InsufficientCreditsError } from './credit-ledger.ts';
export {
  availableCredits,
  creditsShort,
  holdCredits,
  isHoldOpen,
  requireAvailableCredits,
  settleHold,
} from './holds.ts';
export { claimPaidAddresses } from './paid-addresses.ts';
export {
  applyFreePlanCredits,
  ensureFreePlan,
  findDefaultPlan,
  type Plan,
  planGrantKey,
  readAccountSummary,
} from './queries.ts';
export { registerCreditsRoutes } from './routes.ts';
