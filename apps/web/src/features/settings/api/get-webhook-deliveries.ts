import { webhookDeliveriesSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';
import { webhooksKey } from './get-webhooks.ts';

export const webhookDeliveriesKey = (id: string) => [...webhooksKey, 'deliveries', id] as const;

export function getWebhookDeliveries(id: string) {
  return apiClient.get(`/webhooks/${encodeURIComponent(id)}/deliveries`, {
    schema: webhookDeliveriesSchema,
  });
}

export const webhookDeliveriesQueryOptions = (id: string) =>
  queryOptions({ queryKey: webhookDeliveriesKey(id), queryFn: () => getWebhookDeliveries(id) });

export function useWebhookDeliveries(id: string) {
  return useQuery(webhookDeliveriesQueryOptions(id));
}
