import { webhookSchema } from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';
import { webhooksKey } from './get-webhooks.ts';

// Turns a webhook off, or back on (which also clears a reason the server gave for turning it off).
export function updateWebhook({ id, enabled }: { id: string; enabled: boolean }) {
  return apiClient.patch(`/webhooks/${encodeURIComponent(id)}`, {
    body: { enabled },
    schema: webhookSchema,
  });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}
