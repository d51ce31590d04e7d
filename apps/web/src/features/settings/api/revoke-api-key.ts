import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';
import { apiKeysKey } from './get-api-keys.ts';

// A revoked key answers 401 on /v2 at once; its past usage rows stay.
export function revokeApiKey(id: string) {
  return apiClient.delete(`/api-keys/${encodeURIComponent(id)}`);
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  });
}
