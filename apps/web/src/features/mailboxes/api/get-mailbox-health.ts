import { type MailboxHealth, mailboxHealthSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { mailboxesKey } from './get-mailboxes.ts';

// A new mailbox's first check runs in the background: asked again until it is in.
const UNCHECKED_POLL_MS = 2000;

export function getMailboxHealth(id: string): Promise<MailboxHealth> {
  return mailClient.get(`/mailboxes/${encodeURIComponent(id)}/health`, {
    schema: mailboxHealthSchema,
  });
}

export const mailboxHealthQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...mailboxesKey, 'health', id],
    queryFn: () => getMailboxHealth(id),
    refetchInterval: (query) => (query.state.data?.checked === null ? UNCHECKED_POLL_MS : false),
  });

export function useMailboxHealth(id: string) {
  return useQuery(mailboxHealthQueryOptions(id));
}
