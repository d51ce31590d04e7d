import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';
import { webhookDeliveriesKey } from './get-webhook-deliveries.ts';

// Queues a `webhook.test` delivery to the webhook's URL; it appears among the deliveries.
export function sendTestWebhook(id: string) {
  return apiClient.post(`/webhooks/${encodeURIComponent(id)}/test`);
}

export function useSendTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestWebhook,
    onSuccess: (_answer, id) =>
      queryClient.invalidateQueries({ queryKey: webhookDeliveriesKey(id) }),
  });
}
