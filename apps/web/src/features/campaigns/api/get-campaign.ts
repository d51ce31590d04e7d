import { type CampaignAnswer, campaignAnswerSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { campaignsKey } from './get-campaigns.ts';

export const campaignKey = (id: string) => [...campaignsKey, 'detail', id] as const;

export function getCampaign(id: string): Promise<CampaignAnswer> {
  return mailClient.get(`/campaigns/${encodeURIComponent(id)}`, { schema: campaignAnswerSchema });
}

export const campaignQueryOptions = (id: string) =>
  queryOptions({ queryKey: campaignKey(id), queryFn: () => getCampaign(id) });

export function useCampaign(id: string) {
  return useQuery(campaignQueryOptions(id));
}
