import {
  type BulkHistoryPage,
  type BulkItem,
  bulkHistoryPageSchema,
  PAGE_SIZE,
} from '@mailhound/contracts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';
import { useSession } from '../../../shared/session/use-session.ts';

// List calls answer null when not applicable (api-spec §7).
const bulkHistoryAnswerSchema = bulkHistoryPageSchema.nullable();

export const bulkHistoryKey = ['search-history', 'bulk'] as const;

export async function getBulkHistory(page: number): Promise<BulkHistoryPage> {
  const answer = await apiClient.get('/search-history/bulk', {
    query: { page, perPage: PAGE_SIZE },
    schema: bulkHistoryAnswerSchema,
  });
  return answer ?? { items: [], currentPage: page, totalPages: 0, totalItems: 0 };
}

// Bulk history needs the token (product-spec §6): a guest asks nothing.
export function bulkHistoryQueryOptions(token: string | null, page: number) {
  return queryOptions({
    queryKey: [...bulkHistoryKey, token, page],
    queryFn: () => getBulkHistory(page),
    enabled: token !== null,
  });
}

export function useBulkHistory(page: number) {
  const { token } = useSession();
  return useQuery({
    ...bulkHistoryQueryOptions(token, page),
    // The page shown stays while the next one loads.
    placeholderData: (previous) => previous,
  });
}

// A streamed update replaces the item wherever a cached history page holds it.
export function replaceBulkItem(queryClient: QueryClient, item: BulkItem): void {
  queryClient.setQueriesData<BulkHistoryPage>({ queryKey: bulkHistoryKey }, (page) =>
    page?.items.some((entry) => entry.requestId === item.requestId)
      ? {
          ...page,
          items: page.items.map((entry) => (entry.requestId === item.requestId ? item : entry)),
        }
      : page,
  );
}
