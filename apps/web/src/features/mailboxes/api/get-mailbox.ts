import { type MailboxAnswer, mailboxAnswerSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { mailboxesKey } from './get-mailboxes.ts';

export function getMailbox(id: string): Promise<MailboxAnswer> {
  return mailClient.get(`/mailboxes/${encodeURIComponent(id)}`, { schema: mailboxAnswerSchema });
}

export const mailboxQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...mailboxesKey, 'one', id], queryFn: () => getMailbox(id) });

// One mailbox by id, when one is asked for (the Sender List opened on a mailbox).
export function useMailbox(id: string | null) {
  return useQuery({ ...mailboxQueryOptions(id ?? ''), enabled: id !== null });
}
