import { campaignPageSchema, PAGE_SIZE_MAX } from '@mailhound/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { mailClient } from '../../../shared/api/clients.ts';

// Only what a campaign filter (Unibox, Analytics) shows of a campaign, and why it paused
// itself (the Unibox's notice).
const campaignChoiceSchema = campaignPageSchema.shape.campaigns.element.pick({
  id: true,
  name: true,
  paused_reason: true,
});
const campaignChoicesSchema = campaignPageSchema
  .pick({ campaigns: true })
  .extend({ campaigns: campaignChoiceSchema.array() })
  .transform((page) => page.campaigns);
type CampaignChoice = z.infer<typeof campaignChoiceSchema>;

// The filters offer the user's first 100 campaigns A-Z (the largest page the list serves), like
// the campaign screens offer the first 100 mailboxes.
export function getCampaignChoices(): Promise<CampaignChoice[]> {
  return mailClient.get('/campaigns/list', {
    query: { page: 1, count: PAGE_SIZE_MAX, column: 'name', order: 'asc' },
    schema: campaignChoicesSchema,
  });
}

export function useCampaignChoices() {
  return useQuery({
    queryKey: ['mail', 'campaigns', 'choices'],
    queryFn: getCampaignChoices,
  });
}
