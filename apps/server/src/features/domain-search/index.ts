export { registerDomainSearchRoutes } from './routes.ts';
