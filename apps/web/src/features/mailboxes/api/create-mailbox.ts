import { type MailboxAnswer, type MailboxPayload, mailboxAnswerSchema } from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { mailboxesKey } from './get-mailboxes.ts';

// The server tries the SMTP and IMAP logins and saves the mailbox either way, with the
// outcome as its status and the server's error in status_message.
export function createMailbox(payload: MailboxPayload): Promise<MailboxAnswer> {
  return mailClient.post('/mailboxes', { body: payload, schema: mailboxAnswerSchema });
}

export function useCreateMailbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMailbox,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mailboxesKey }),
  });
}
