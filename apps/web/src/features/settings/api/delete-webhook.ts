import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';
import { webhooksKey } from './get-webhooks.ts';

export function deleteWebhook(id: string) {
  return apiClient.delete(`/webhooks/${encodeURIComponent(id)}`);
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}
