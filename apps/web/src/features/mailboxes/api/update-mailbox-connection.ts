import { type MailboxAnswer, mailboxAnswerSchema } from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { mailboxesKey } from './get-mailboxes.ts';

// Without a password the stored one is kept.
export type MailboxConnectionUpdate = {
  email: string;
  password?: string;
  smtp_host: string;
  smtp_port: number;
  imap_host: string;
  imap_port: number;
};

// The logins are checked again; the answer carries the new status.
export function updateMailboxConnection(
  id: string,
  update: MailboxConnectionUpdate,
): Promise<MailboxAnswer> {
  return mailClient.patch(`/mailboxes/${encodeURIComponent(id)}/connection`, {
    body: update,
    schema: mailboxAnswerSchema,
  });
}

export function useUpdateMailboxConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: MailboxConnectionUpdate }) =>
      updateMailboxConnection(id, update),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxesKey }),
  });
}
