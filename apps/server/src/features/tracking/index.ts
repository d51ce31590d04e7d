export { registerTrackingRoutes } from './routes.ts';
