export { registerLeadRoutes } from './routes.ts';
