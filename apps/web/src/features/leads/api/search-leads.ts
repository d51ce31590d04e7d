import {
  type CompanyFilters,
  filtersToQuery,
  type LeadSearchAnswer,
  leadSearchAnswerSchema,
} from '@mailhound/contracts';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';
import { type Balance, balanceKey } from '../../../shared/session/api/get-balance.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { filterSearchQuery } from '../../companies/api/search-companies.ts';
import type { FilterSearch } from '../../companies/use-filter-search.ts';

export function searchLeads(filters: CompanyFilters, page: number): Promise<LeadSearchAnswer> {
  return apiClient.get('/leads/search', {
    query: filterSearchQuery(filters, page),
    schema: leadSearchAnswerSchema,
  });
}

// Keyed by the token too: a page one user paid for is not shown to the next one.
export const leadSearchQueryOptions = (
  token: string | null,
  filters: CompanyFilters,
  page: number,
) =>
  queryOptions({
    queryKey: ['leads', 'search', token, filtersToQuery(filters).toString(), page],
    queryFn: () => searchLeads(filters, page),
    // Each new page spends a lead search: a page already seen is not asked for again.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useLeadSearch(search: FilterSearch | null) {
  const queryClient = useQueryClient();
  const { token } = useSession();
  const filters = search?.filters ?? {};
  const page = search?.page ?? 1;
  return useQuery({
    ...leadSearchQueryOptions(token, filters, page),
    queryFn: async () => {
      const answer = await searchLeads(filters, page);
      // The answer carries what is left: 'Searches available' follows it without a refetch.
      queryClient.setQueriesData<Balance>({ queryKey: balanceKey }, (balance) =>
        balance === undefined
          ? balance
          : { ...balance, leadSearchBalance: answer.leadSearchBalance },
      );
      return answer;
    },
    enabled: search !== null && token !== null,
    placeholderData: keepPreviousData,
  });
}
