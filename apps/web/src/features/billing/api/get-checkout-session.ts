import { checkoutSessionAnswerSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';

export function getCheckoutSession(sessionId: string) {
  return apiClient.get(`/checkout/${encodeURIComponent(sessionId)}`, {
    schema: checkoutSessionAnswerSchema,
  });
}

export const checkoutSessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['checkout', 'session', sessionId],
    queryFn: () => getCheckoutSession(sessionId),
    // Read once per visit: the answer decides where the page goes.
    staleTime: 0,
    gcTime: 0,
  });

export function useCheckoutSession(sessionId: string) {
  return useQuery(checkoutSessionQueryOptions(sessionId));
}
