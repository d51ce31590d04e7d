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

// `watching`: a delivery is on its way (a test just sent), so the list is asked again every
// second until it shows up.
export function useWebhookDeliveries(id: string, watching: boolean) {
  return useQuery({
    ...webhookDeliveriesQueryOptions(id),
    refetchInterval: watching ? 1000 : false,
  });
}
