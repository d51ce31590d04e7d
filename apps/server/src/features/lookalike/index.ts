export { defineLookalikeJobs } from './jobs.ts';
export { registerLookalikeRoutes } from './routes.ts';
export { refreshAllVectors, vectoriseNewCompanies } from './vector-store.ts';
