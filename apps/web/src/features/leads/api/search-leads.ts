import {
  type CompanyFilters,
  filtersToQuery,
  type LeadSearchAnswer,
  leadSearchAnswerSchema,
} from '@mailhound/contracts';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';
import { balanceKey } from '../../../shared/session/api/get-balance.ts';
import type { Balance } from '../../../shared/session/balance.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { type FilterSearch, filterSearchQuery } from '../../companies/index.ts';

// spend=false shows a search only when it is already paid for (a page opened from an address).
export function searchLeads(
  filters: CompanyFilters,
  page: number,
  spend = true,
): Promise<LeadSearchAnswer> {
  return apiClient.get('/leads/search', {
    query: { ...filterSearchQuery(filters, page), ...(spend ? {} : { spend: 'false' }) },
    schema: leadSearchAnswerSchema,
  });
}

// Keyed by the token too: a page one user paid for is not shown to the next one.
export const leadSearchQueryOptions = (
  token: string | null,
  filters: CompanyFilters,
  page: number,
  spend = true,
) =>
  queryOptions({
    queryKey: ['leads', 'search', token, filtersToQuery(filters).toString(), page, spend],
    queryFn: () => searchLeads(filters, page, spend),
    // A page already seen is not asked for again.
    staleTime: Number.POSITIVE_INFINITY,
  });

// This tab already shows the page of a search it ran (Back from a company page): no need to
// ask whether it is paid.
export function isPageInCache(
  queryClient: QueryClient,
  token: string | null,
  search: FilterSearch | null,
): boolean {
  if (search === null) return false;
  const { queryKey } = leadSearchQueryOptions(token, search.filters, search.page);
  return queryClient.getQueryData(queryKey) !== undefined;
}

export function useLeadSearch(search: FilterSearch | null, spend: boolean) {
  const queryClient = useQueryClient();
  const { token } = useSession();
  const filters = search?.filters ?? {};
  const page = search?.page ?? 1;
  return useQuery({
    ...leadSearchQueryOptions(token, filters, page, spend),
    queryFn: async () => {
      const answer = await searchLeads(filters, page, spend);
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
