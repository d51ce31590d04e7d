import { type ApiUsagePage, apiUsagePageSchema, PAGE_SIZE } from '@mailhound/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';
import { apiKeysKey } from './get-api-keys.ts';

export function getApiUsage(page: number): Promise<ApiUsagePage> {
  return apiClient.get('/api-keys/usage', {
    query: { page, count: PAGE_SIZE },
    schema: apiUsagePageSchema,
  });
}

// Under the keys' own key, so that a created or revoked key refreshes the usage too.
export const apiUsageQueryOptions = (page: number) =>
  queryOptions({ queryKey: [...apiKeysKey, 'usage', page], queryFn: () => getApiUsage(page) });

export function useApiUsage(page: number) {
  return useQuery({ ...apiUsageQueryOptions(page), placeholderData: keepPreviousData });
}
