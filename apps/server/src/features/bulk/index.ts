export {
  isUuid,
  readPurchase,
  readResultPrice,
  readResultRows,
  readResultSummary,
  saveBoughtVerdicts,
  verifiedAddressesOf,
} from './bulk-store.ts';
export { defineBulkJobs } from './jobs.ts';
export { type ResultRow, resultTable } from './result-files.ts';
export { registerBulkRoutes } from './routes.ts';
