export { registerFileRoutes } from './routes.ts';
