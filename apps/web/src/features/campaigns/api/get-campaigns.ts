import { type CampaignPage, campaignPageSchema, PAGE_SIZE } from '@mailhound/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';

export type CampaignSortColumn = 'name' | 'status' | 'created';
export type CampaignSort = { column: CampaignSortColumn; order: 'asc' | 'desc' };
export type CampaignsQuery = { page: number; key: string; sort: CampaignSort | null };

export const campaignsKey = ['mail', 'campaigns'] as const;

// api-spec §7: a search key asks /campaigns/search (sorted by name A-Z unless told), otherwise
// /campaigns/list; 10 a page.
export function getCampaigns({ page, key, sort }: CampaignsQuery): Promise<CampaignPage> {
  const query = { page, count: PAGE_SIZE, ...(sort ?? {}) };
  return key === ''
    ? mailClient.get('/campaigns/list', { query, schema: campaignPageSchema })
    : mailClient.get('/campaigns/search', {
        query: { key, column: 'name', order: 'asc', ...query },
        schema: campaignPageSchema,
      });
}

export const campaignsQueryOptions = (query: CampaignsQuery) =>
  queryOptions({
    queryKey: [...campaignsKey, 'page', query],
    queryFn: () => getCampaigns(query),
  });

export function useCampaigns(query: CampaignsQuery) {
  return useQuery({ ...campaignsQueryOptions(query), placeholderData: keepPreviousData });
}
