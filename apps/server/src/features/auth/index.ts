export { createOidcProvider, type OidcProvider } from './google.ts';
export { defineAuthJobs } from './jobs.ts';
export { hashPassword } from './passwords.ts';
export { findUserByEmail, insertUser } from './queries.ts';
export { registerAuthRoutes } from './routes.ts';
export type { AuthDeps } from './service.ts';
