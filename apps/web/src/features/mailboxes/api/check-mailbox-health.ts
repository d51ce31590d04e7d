import {
  type HealthCheckRequest,
  type MailboxHealth,
  mailboxHealthSchema,
} from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { mailboxHealthQueryOptions } from './get-mailbox-health.ts';
import { mailboxesKey } from './get-mailboxes.ts';

export function checkMailboxHealth(
  id: string,
  request: HealthCheckRequest,
): Promise<MailboxHealth> {
  return mailClient.post(`/mailboxes/${encodeURIComponent(id)}/health`, {
    body: request,
    schema: mailboxHealthSchema,
  });
}

// Checks again now; the list's badges and the dialog's details read the new outcome.
export function useCheckMailboxHealth(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: HealthCheckRequest) => checkMailboxHealth(id, request),
    onSuccess: (health) => {
      queryClient.setQueryData(mailboxHealthQueryOptions(id).queryKey, health);
      return queryClient.invalidateQueries({ queryKey: mailboxesKey });
    },
  });
}
