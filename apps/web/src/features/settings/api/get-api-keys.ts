import { type ApiKeyList, apiKeyListSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';

export const apiKeysKey = ['settings', 'api-keys'] as const;

export function getApiKeys(): Promise<ApiKeyList> {
  return apiClient.get('/api-keys', { schema: apiKeyListSchema });
}

export const apiKeysQueryOptions = () =>
  queryOptions({ queryKey: [...apiKeysKey, 'list'], queryFn: getApiKeys });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
