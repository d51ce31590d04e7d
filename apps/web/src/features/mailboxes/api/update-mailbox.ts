import { type MailboxAnswer, mailboxAnswerSchema } from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { mailboxesKey } from './get-mailboxes.ts';

export type MailboxDetailsUpdate = { name: string; description: string };

export function updateMailboxDetails(
  id: string,
  update: MailboxDetailsUpdate,
): Promise<MailboxAnswer> {
  return mailClient.patch(`/mailboxes/${encodeURIComponent(id)}`, {
    body: update,
    schema: mailboxAnswerSchema,
  });
}

export function useUpdateMailboxDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: MailboxDetailsUpdate }) =>
      updateMailboxDetails(id, update),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxesKey }),
  });
}
