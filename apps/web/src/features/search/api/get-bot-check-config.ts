import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../shared/api/clients.ts';

// The guests' bot check (product-spec §5 "Single search"): ALTCHA (self-hosted) unless the
// server is configured for Turnstile.
const botCheckConfigSchema = z.object({
  provider: z.enum(['altcha', 'turnstile']),
  siteKey: z.string().optional(),
});
export type BotCheckConfig = z.infer<typeof botCheckConfigSchema>;

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
