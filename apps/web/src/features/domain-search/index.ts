// The domain search feature's public face: the app and other features import only this file.
// Its screen is loaded by app/routes.tsx from its own file, one chunk of its own.
export { domainSearchKey } from './api/domain-search.ts';
