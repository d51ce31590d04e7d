export { companyNotFound, searchDomain } from './company-domain.ts';
export { closeDemoMailWorld, demoWorldPorts } from './demo-mail-world.ts';
export { createSearchFinder } from './finder.ts';
export { defineSearchJobs } from './jobs.ts';
export { observationOf, recordPeopleSeen, type SeenPerson } from './observations.ts';
export { createPgPatternStore, recordObservations } from './pattern-store.ts';
export { registerSearchRoutes } from './routes.ts';
export { runSingleSearch, type SearchEvent } from './single-search.ts';
