export { seedDemoMail } from './demo-mail.ts';
export { defineUniboxJobs } from './jobs.ts';
export { registerUniboxRoutes } from './routes.ts';
