export { registerAnalyticsRoutes } from './routes.ts';
