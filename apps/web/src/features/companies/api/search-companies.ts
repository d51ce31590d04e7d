import {
  type CompanyFilters,
  type CompanySearchAnswer,
  companySearchAnswerSchema,
  filtersToQuery,
  PAGE_SIZE,
} from '@mailhound/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';

// The filters travel as the contracts' query parameters, the page beside them.
export function filterSearchQuery(filters: CompanyFilters, page: number) {
  return { ...Object.fromEntries(filtersToQuery(filters)), page, perPage: PAGE_SIZE };
}

export function searchCompanies(
  filters: CompanyFilters,
  page: number,
): Promise<CompanySearchAnswer> {
  return apiClient.get('/companies/search', {
    query: filterSearchQuery(filters, page),
    schema: companySearchAnswerSchema,
  });
}

export const companySearchQueryOptions = (filters: CompanyFilters, page: number) =>
  queryOptions({
    queryKey: ['companies', 'search', filtersToQuery(filters).toString(), page],
    queryFn: () => searchCompanies(filters, page),
  });

// Nothing is asked before the first search; the previous page stays while the next loads.
export function useCompanySearch(search: { filters: CompanyFilters; page: number } | null) {
  return useQuery({
    ...companySearchQueryOptions(search?.filters ?? {}, search?.page ?? 1),
    enabled: search !== null,
    placeholderData: keepPreviousData,
  });
}
