export { companyNotFound } from './company-domain.ts';
export { closeDemoMailWorld } from './demo-mail-world.ts';
export { createSearchFinder } from './finder.ts';
export { defineSearchJobs } from './jobs.ts';
export { registerSearchRoutes } from './routes.ts';
export { runSingleSearch, type SearchEvent } from './single-search.ts';
