import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { campaignsKey } from './get-campaigns.ts';

export function deleteCampaign(id: string): Promise<unknown> {
  return mailClient.delete(`/campaigns/${encodeURIComponent(id)}`);
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCampaign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsKey }),
  });
}
