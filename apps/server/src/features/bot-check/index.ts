export { type BotCheck, botCheckFailed, createBotCheck } from './bot-check.ts';
export { defineBotCheckJobs } from './jobs.ts';
export { registerBotCheckRoutes } from './routes.ts';
