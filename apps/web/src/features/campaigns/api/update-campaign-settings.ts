import {
  type CampaignAnswer,
  type CampaignSettings,
  campaignAnswerSchema,
} from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { campaignKey } from './get-campaign.ts';
import { campaignsKey } from './get-campaigns.ts';

export function updateCampaignSettings(
  id: string,
  settings: CampaignSettings,
): Promise<CampaignAnswer> {
  return mailClient.patch(`/campaigns/${encodeURIComponent(id)}/settings`, {
    body: settings,
    schema: campaignAnswerSchema,
  });
}

export function useUpdateCampaignSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, settings }: { id: string; settings: CampaignSettings }) =>
      updateCampaignSettings(id, settings),
    onSuccess: async (campaign) => {
      queryClient.setQueryData(campaignKey(campaign.id), campaign);
      await queryClient.invalidateQueries({ queryKey: campaignsKey });
    },
  });
}
