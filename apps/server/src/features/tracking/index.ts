export { registerTrackingRoutes } from './routes.ts';
export { type UnsubscribedSend, unsubscribeContact } from './unsubscribe.ts';
