import { type MailboxPage, mailboxPageSchema, PAGE_SIZE } from '@mailhound/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';

export const mailboxesKey = ['mail', 'mailboxes'] as const;

// A search key (already at least 2 characters) asks /mailboxes/search, otherwise /mailboxes/list.
export function getMailboxes(page: number, key = ''): Promise<MailboxPage> {
  const query = { page, count: PAGE_SIZE };
  return key === ''
    ? mailClient.get('/mailboxes/list', { query, schema: mailboxPageSchema })
    : mailClient.get('/mailboxes/search', { query: { key, ...query }, schema: mailboxPageSchema });
}

export const mailboxesQueryOptions = (page: number, key = '') =>
  queryOptions({
    queryKey: key === '' ? [...mailboxesKey, 'list', page] : [...mailboxesKey, 'search', key, page],
    queryFn: () => getMailboxes(page, key),
  });

export function useMailboxes(page: number, key = '') {
  return useQuery({ ...mailboxesQueryOptions(page, key), placeholderData: keepPreviousData });
}
