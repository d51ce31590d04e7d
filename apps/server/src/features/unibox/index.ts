export { seedDemoMail } from './demo-mail.ts';
export { defineUniboxJobs } from './jobs.ts';
export { mailboxesReadAt } from './read-state.ts';
export { registerUniboxRoutes } from './routes.ts';
