import { type MailboxAnswer, mailboxAnswerSchema } from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { mailboxesKey } from './get-mailboxes.ts';

// Resumes the campaign sends of a mailbox that bounce or complaint protection paused.
export function resumeMailbox(id: string): Promise<MailboxAnswer> {
  return mailClient.post(`/mailboxes/${encodeURIComponent(id)}/resume`, {
    schema: mailboxAnswerSchema,
  });
}

export function useResumeMailbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => resumeMailbox(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxesKey }),
  });
}
