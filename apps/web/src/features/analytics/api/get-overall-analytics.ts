import { type OverallAnalytics, overallAnalyticsSchema } from '@mailhound/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import type { AnalyticsRange } from '../analytics-range.ts';

export const analyticsKey = ['mail', 'analytics'] as const;

// The campaign filter: null for all campaigns.
export type OverallAnalyticsQuery = AnalyticsRange & { campaignId: string | null };

export function getOverallAnalytics({
  from,
  to,
  campaignId,
}: OverallAnalyticsQuery): Promise<OverallAnalytics> {
  return mailClient.get('/analytics', {
    query: { from, to, campaign_id: campaignId ?? undefined },
    schema: overallAnalyticsSchema,
  });
}

export const overallAnalyticsQueryOptions = (query: OverallAnalyticsQuery) =>
  queryOptions({
    queryKey: [...analyticsKey, 'overall', query],
    queryFn: () => getOverallAnalytics(query),
  });

// A new range or filter keeps the previous figures on screen until the new ones arrive.
export function useOverallAnalytics(query: OverallAnalyticsQuery) {
  return useQuery({ ...overallAnalyticsQueryOptions(query), placeholderData: keepPreviousData });
}
