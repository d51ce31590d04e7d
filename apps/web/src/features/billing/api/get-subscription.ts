import { subscriptionAnswerSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';

export const subscriptionKey = ['checkout', 'subscription'] as const;

export function getSubscription() {
  return apiClient.get('/checkout/subscription', { schema: subscriptionAnswerSchema });
}

export function useSubscription() {
  return useQuery(queryOptions({ queryKey: subscriptionKey, queryFn: getSubscription }));
}
