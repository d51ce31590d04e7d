import {
  type CampaignAnswer,
  type CampaignCreatePayload,
  campaignAnswerSchema,
} from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { campaignsKey } from './get-campaigns.ts';

// 201 with the campaign, created paused; 409 'This name is already in use.'
export function createCampaign(payload: CampaignCreatePayload): Promise<CampaignAnswer> {
  return mailClient.post('/campaigns', { body: payload, schema: campaignAnswerSchema });
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsKey }),
  });
}
