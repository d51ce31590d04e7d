export { createWebhookEvents } from './emit.ts';
export { defineWebhookJobs } from './jobs.ts';
export { registerWebhookRoutes } from './routes.ts';
