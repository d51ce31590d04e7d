import {
  type CampaignAnswer,
  type CampaignStatus,
  type CampaignStep,
  campaignAnswerSchema,
  type Schedule,
} from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { campaignKey } from './get-campaign.ts';
import { campaignsKey } from './get-campaigns.ts';

export type CampaignUpdate = {
  name?: string;
  customer_group_id?: string;
  schedules?: Schedule[];
  steps?: CampaignStep[];
  status?: CampaignStatus;
};

// Status 'active' is refused with 400 { message, missing } while the campaign is not ready.
export function updateCampaign(id: string, update: CampaignUpdate): Promise<CampaignAnswer> {
  return mailClient.patch(`/campaigns/${encodeURIComponent(id)}`, {
    body: update,
    schema: campaignAnswerSchema,
  });
}

export function useUpdateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: CampaignUpdate }) =>
      updateCampaign(id, update),
    onSuccess: async (campaign) => {
      queryClient.setQueryData(campaignKey(campaign.id), campaign);
      await queryClient.invalidateQueries({ queryKey: campaignsKey });
    },
  });
}
