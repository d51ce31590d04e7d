import { plansAnswerSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';

// Public: guests see the plans too (product-spec §6 "Roles and permissions").
export function getPlans() {
  return apiClient.get('/checkout/plans/list', { schema: plansAnswerSchema });
}

export const plansQueryOptions = () =>
  queryOptions({ queryKey: ['checkout', 'plans'], queryFn: getPlans, staleTime: 60_000 });

export function usePlans() {
  return useQuery(plansQueryOptions());
}
