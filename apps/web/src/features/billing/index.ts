// The billing feature's public face: the app and other features import only this file.
// Its screens are loaded by app/routes.tsx from their own files, one chunk each, so that a
// feature imported here does not pull its screens into the importer's chunk.
export { usePlans } from './api/get-plans.ts';
export { planPriceText, planSearchesText } from './plan-text.ts';
export { purchasePath } from './purchase-query.ts';
