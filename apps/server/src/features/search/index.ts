export { companyNotFound, searchDomain } from './company-domain.ts';
export { closeDemoMailWorld, demoWorldPorts } from './demo-mail-world.ts';
export { createSearchFinder } from './finder.ts';
export { defineSearchJobs } from './jobs.ts';
export { createPgPatternStore, recordPatterns } from './pattern-store.ts';
export { registerSearchRoutes } from './routes.ts';
export { runSingleSearch, type SearchEvent } from './single-search.ts';
