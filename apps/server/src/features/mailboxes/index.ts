export { registerMailboxRoutes } from './routes.ts';
