export { registerOutboxRoutes } from './routes.ts';
