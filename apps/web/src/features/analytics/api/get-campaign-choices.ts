import { campaignAnswerSchema, PAGE_SIZE_MAX } from '@mailhound/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { mailClient } from '../../../shared/api/clients.ts';

// Only what the campaign filter shows of a campaign.
const campaignChoicesSchema = z
  .object({ campaigns: z.array(campaignAnswerSchema.pick({ id: true, name: true })) })
  .transform((page) => page.campaigns);
export type CampaignChoice = z.infer<typeof campaignChoicesSchema>[number];

// The filter offers the user's first 100 campaigns A-Z (the largest page the list serves).
export function getCampaignChoices(): Promise<CampaignChoice[]> {
  return mailClient.get('/campaigns/list', {
    query: { page: 1, count: PAGE_SIZE_MAX, column: 'name', order: 'asc' },
    schema: campaignChoicesSchema,
  });
}

export function useCampaignChoices() {
  return useQuery({
    queryKey: ['mail', 'campaigns', 'analytics-choices'],
    queryFn: getCampaignChoices,
  });
}
