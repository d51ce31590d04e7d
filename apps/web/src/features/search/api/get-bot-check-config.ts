import { botCheckConfigSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';

export const altchaChallengeUrl = `${apiClient.baseUrl}/bot-check/challenge`;

export function getBotCheckConfig() {
  return apiClient.get('/bot-check/config', { schema: botCheckConfigSchema });
}

export const botCheckConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['bot-check', 'config'],
    queryFn: getBotCheckConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useBotCheckConfig() {
  return useQuery(botCheckConfigQueryOptions());
}
