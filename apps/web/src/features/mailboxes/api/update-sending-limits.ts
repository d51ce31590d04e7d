import { type MailboxAnswer, mailboxAnswerSchema, type SendingLimits } from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { mailboxesKey } from './get-mailboxes.ts';

export function updateSendingLimits(id: string, limits: SendingLimits): Promise<MailboxAnswer> {
  return mailClient.patch(`/mailboxes/${encodeURIComponent(id)}/settings`, {
    body: limits,
    schema: mailboxAnswerSchema,
  });
}

export function useUpdateSendingLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, limits }: { id: string; limits: SendingLimits }) =>
      updateSendingLimits(id, limits),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxesKey }),
  });
}
