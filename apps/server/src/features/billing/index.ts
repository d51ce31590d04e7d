export { defineBillingJobs } from './jobs.ts';
export { syncConfiguredPlans } from './plans.ts';
export { registerBillingRoutes } from './routes.ts';
export { readSubscriptionSummary } from './subscription-summary.ts';
