import type { SendingLimits } from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { type Mailbox, mailboxSchema } from '../mailbox-schemas.ts';
import { mailboxesKey } from './get-mailboxes.ts';

export function updateSendingLimits(id: string, limits: SendingLimits): Promise<Mailbox> {
  return mailClient.patch(`/mailboxes/${encodeURIComponent(id)}/settings`, {
    body: limits,
    schema: mailboxSchema,
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
