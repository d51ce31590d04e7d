import { campaignAnswerSchema, PAGE_SIZE_MAX } from '@mailhound/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { mailClient } from '../../../shared/api/clients.ts';

// Only what the campaign filter shows of a campaign.
const campaignChoiceSchema = campaignAnswerSchema.pick({ id: true, name: true });
export type CampaignChoice = z.infer<typeof campaignChoiceSchema>;

const campaignChoicesSchema = z
  .object({ campaigns: z.array(campaignChoiceSchema) })
  .transform((page) => page.campaigns);

// The filter offers the first 100 campaigns by name (the most a page holds), like the campaign
// screens offer the first 100 mailboxes.
export function getCampaignChoices(): Promise<CampaignChoice[]> {
  return mailClient.get('/campaigns/list', {
    query: { page: 1, count: PAGE_SIZE_MAX, column: 'name', order: 'asc' },
    schema: campaignChoicesSchema,
  });
}

export function useCampaignChoices() {
  return useQuery({
    queryKey: ['mail', 'campaigns', 'unibox-choices'],
    queryFn: getCampaignChoices,
  });
}
