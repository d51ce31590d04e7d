// The contacts feature's public face: the app and other features import only this file.
// Its screens are loaded by app/routes.tsx from their own files, one chunk each, so that a
// feature imported here does not pull its screens into the importer's chunk.
export { useAddContactNote } from './api/add-contact-note.ts';
export { useContactLists } from './api/get-contact-lists.ts';
export { CreateContactListFromBulk } from './components/create-contact-list-from-bulk.tsx';
export { CreateContactListFromRows } from './components/create-contact-list-from-rows.tsx';
export { foundContactRows } from './contact-rows.ts';
