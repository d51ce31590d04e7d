// The bulk feature's public face: the app and other features import only this file.
// Its screens are loaded by app/routes.tsx from their own files, one chunk each, so that a
// feature imported here does not pull its screens into the importer's chunk.
export { bulkHistoryQueryOptions, useBulkHistory } from './api/get-bulk-history.ts';
export { bulkPaymentText, resultCountText } from './bulk-item.ts';
