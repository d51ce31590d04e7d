import { checkoutConfigAnswerSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';

// The card payment provider (product-spec §1): the built-in local provider unless the server is
// configured for Stripe.
export function getCheckoutConfig() {
  return apiClient.get('/checkout/config', { schema: checkoutConfigAnswerSchema });
}

export const checkoutConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['checkout', 'config'],
    queryFn: getCheckoutConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useCheckoutConfig() {
  return useQuery(checkoutConfigQueryOptions());
}
