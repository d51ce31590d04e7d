import { webhookTestResultSchema } from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';
import { webhookDeliveriesKey } from './get-webhook-deliveries.ts';

// Sends a `webhook.test` delivery to the webhook's URL once; the answer says whether the URL
// took it, and the attempt is among the deliveries.
export function sendTestWebhook(id: string) {
  return apiClient.post(`/webhooks/${encodeURIComponent(id)}/test`, {
    schema: webhookTestResultSchema,
  });
}

export function useSendTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestWebhook,
    onSuccess: (_answer, id) =>
      queryClient.invalidateQueries({ queryKey: webhookDeliveriesKey(id) }),
  });
}
