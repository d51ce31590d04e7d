import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { mailboxesKey } from './get-mailboxes.ts';

// The campaigns' queries (the campaigns feature's key): a deletion may pause campaigns.
const campaignsKey = ['mail', 'campaigns'] as const;

export function deleteMailbox(id: string): Promise<unknown> {
  return mailClient.delete(`/mailboxes/${encodeURIComponent(id)}`);
}

export function useDeleteMailbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMailbox,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: mailboxesKey }),
        queryClient.invalidateQueries({ queryKey: campaignsKey }),
      ]),
  });
}
