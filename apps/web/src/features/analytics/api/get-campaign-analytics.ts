import { type CampaignAnalytics, campaignAnalyticsSchema } from '@mailhound/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import type { AnalyticsRange } from '../analytics-range.ts';
import { analyticsKey } from './get-overall-analytics.ts';

export function getCampaignAnalytics(
  campaignId: string,
  { from, to }: AnalyticsRange,
): Promise<CampaignAnalytics> {
  return mailClient.get(`/campaigns/${encodeURIComponent(campaignId)}/analytics`, {
    query: { from, to },
    schema: campaignAnalyticsSchema,
  });
}

export const campaignAnalyticsQueryOptions = (campaignId: string, range: AnalyticsRange) =>
  queryOptions({
    queryKey: [...analyticsKey, 'campaign', campaignId, range],
    queryFn: () => getCampaignAnalytics(campaignId, range),
  });

export function useCampaignAnalytics(campaignId: string, range: AnalyticsRange) {
  return useQuery({
    ...campaignAnalyticsQueryOptions(campaignId, range),
    placeholderData: keepPreviousData,
  });
}
