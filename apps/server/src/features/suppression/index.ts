export { registerSuppressionRoutes } from './routes.ts';
export { isSuppressed, suppressContact } from './suppression-list.ts';
