import { type WebhookCreate, webhookCreatedSchema } from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';
import { webhooksKey } from './get-webhooks.ts';

export function createWebhook(payload: WebhookCreate) {
  return apiClient.post('/webhooks', { body: payload, schema: webhookCreatedSchema });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey }),
  });
}
