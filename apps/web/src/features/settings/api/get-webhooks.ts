import { webhookListSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';

export const webhooksKey = ['settings', 'webhooks'] as const;

export function getWebhooks() {
  return apiClient.get('/webhooks', { schema: webhookListSchema });
}

export const webhooksQueryOptions = () =>
  queryOptions({ queryKey: [...webhooksKey, 'list'], queryFn: getWebhooks });

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}
