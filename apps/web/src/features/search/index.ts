// The search feature's public face: the app and other features import only this file.
// Its screens are loaded by app/routes.tsx from their own files, one chunk each, so that a
// feature imported here does not pull its screens into the importer's chunk.
export { useEmailsFound } from './api/get-emails-found.ts';
export { type SearchOutcome, searchPerson } from './api/search-person.ts';
// The first screen (`/` leads to it) is in the first chunk, not loaded later.
export { SingleSearchPage } from './components/single-search-page.tsx';
