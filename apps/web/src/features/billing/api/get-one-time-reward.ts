import { bonusAnswerSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';

export function getOneTimeReward() {
  return apiClient.get('/affiliates/one-time-reward', { schema: bonusAnswerSchema });
}

// The call grants the bonus, once per user: asked once per visit, never again in the background.
export const oneTimeRewardQueryOptions = () =>
  queryOptions({
    queryKey: ['affiliates', 'one-time-reward'],
    queryFn: getOneTimeReward,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });

export function useOneTimeReward() {
  return useQuery(oneTimeRewardQueryOptions());
}
