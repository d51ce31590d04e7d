// The companies feature's public face: the app and other features import only this file.
// Its screens are loaded by app/routes.tsx from their own files, one chunk each, so that a
// feature imported here does not pull its screens into the importer's chunk.
export { filterSearchQuery } from './api/search-companies.ts';
export { FilterPanel } from './components/filter-panel.tsx';
export { ResultsPagination } from './components/results-pagination.tsx';
export { leadFilterFields } from './filter-fields.ts';
export { personClassLabel } from './person-labels.ts';
export {
  type FilterSearch,
  finderFailure,
  useFilterSearch,
  useGuestSearchRedirect,
} from './use-filter-search.ts';
