import { PAGE_SIZE, type VerifyHistoryPage, verifyHistoryPageSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';
import { useSession } from '../../../shared/session/use-session.ts';

export const verifyHistoryKey = ['search-history', 'verify'] as const;

export function getVerifyHistory(page: number): Promise<VerifyHistoryPage> {
  return apiClient.get('/search-history/verify', {
    query: { page, perPage: PAGE_SIZE },
    schema: verifyHistoryPageSchema,
  });
}

// The history needs the token: a guest asks nothing.
export function verifyHistoryQueryOptions(token: string | null, page: number) {
  return queryOptions({
    queryKey: [...verifyHistoryKey, token, page],
    queryFn: () => getVerifyHistory(page),
    enabled: token !== null,
  });
}

export function useVerifyHistory(page: number) {
  const { token } = useSession();
  return useQuery({
    ...verifyHistoryQueryOptions(token, page),
    // The page shown stays while the next one loads.
    placeholderData: (previous) => previous,
  });
}
