export { type DomainSearchDeps, searchDomainPeople } from './domain-search.ts';
export { createMailRouteLookup } from './mail-facts.ts';
export { registerDomainSearchRoutes } from './routes.ts';
