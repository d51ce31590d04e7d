import { PAGE_SIZE } from '@mailhound/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { type MailboxPage, mailboxPageSchema } from '../mailbox-schemas.ts';

export const mailboxesKey = ['mail', 'mailboxes'] as const;

export function getMailboxes(page: number): Promise<MailboxPage> {
  return mailClient.get('/mailboxes/list', {
    query: { page, count: PAGE_SIZE },
    schema: mailboxPageSchema,
  });
}

export const mailboxesQueryOptions = (page: number) =>
  queryOptions({ queryKey: [...mailboxesKey, 'list', page], queryFn: () => getMailboxes(page) });

export function useMailboxes(page: number) {
  return useQuery({ ...mailboxesQueryOptions(page), placeholderData: keepPreviousData });
}
