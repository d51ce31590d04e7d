import {
  type LookalikeHistoryPage,
  type LookalikeItem,
  lookalikeHistoryPageSchema,
  PAGE_SIZE,
} from '@mailhound/contracts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';
import { useSession } from '../../../shared/session/use-session.ts';

// List calls answer null when not applicable (api-spec §7).
const historyAnswerSchema = lookalikeHistoryPageSchema.nullable();

export const lookalikeHistoryKey = ['search-history', 'lookalike'] as const;

export async function getLookalikeHistory(page: number): Promise<LookalikeHistoryPage> {
  const answer = await apiClient.get('/search-history/lookalike', {
    query: { page, perPage: PAGE_SIZE },
    schema: historyAnswerSchema,
  });
  return answer ?? { items: [], currentPage: page, totalPages: 0, totalItems: 0 };
}

// Look-alike history needs the token (product-spec §6): a guest asks nothing.
export function lookalikeHistoryQueryOptions(token: string | null, page: number) {
  return queryOptions({
    queryKey: [...lookalikeHistoryKey, token, page],
    queryFn: () => getLookalikeHistory(page),
    enabled: token !== null,
  });
}

export function useLookalikeHistory(page: number) {
  const { token } = useSession();
  return useQuery({
    ...lookalikeHistoryQueryOptions(token, page),
    // The page shown stays while the next one loads.
    placeholderData: (previous) => previous,
  });
}

// A streamed update replaces the item wherever a cached history page holds it; the history
// answers items without their preview, so none is kept there.
export function replaceLookalikeHistoryItem(queryClient: QueryClient, item: LookalikeItem): void {
  const { result } = item;
  const entry: LookalikeItem = {
    ...item,
    result:
      result === null ? null : { totalCount: result.totalCount, recognised: result.recognised },
  };
  queryClient.setQueriesData<LookalikeHistoryPage>({ queryKey: lookalikeHistoryKey }, (page) =>
    page?.items.some((current) => current.requestId === item.requestId)
      ? {
          ...page,
          items: page.items.map((current) =>
            current.requestId === item.requestId ? entry : current,
          ),
        }
      : page,
  );
}
