export { type DomainSearchDeps, searchDomainWindow } from './domain-search.ts';
export { createMailRouteLookup } from './mail-facts.ts';
export { registerDomainSearchRoutes } from './routes.ts';
