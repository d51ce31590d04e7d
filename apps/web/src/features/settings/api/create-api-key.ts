import { type ApiKeyCreate, apiKeyCreatedSchema } from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';
import { apiKeysKey } from './get-api-keys.ts';

export function createApiKey(payload: ApiKeyCreate) {
  return apiClient.post('/api-keys', { body: payload, schema: apiKeyCreatedSchema });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
