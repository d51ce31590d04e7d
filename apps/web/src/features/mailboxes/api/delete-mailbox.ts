import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { mailboxesKey } from './get-mailboxes.ts';

export function deleteMailbox(id: string): Promise<unknown> {
  return mailClient.delete(`/mailboxes/${encodeURIComponent(id)}`);
}

export function useDeleteMailbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMailbox,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxesKey }),
  });
}
