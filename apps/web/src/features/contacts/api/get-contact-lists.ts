import { type ContactListPage, contactListPageSchema, PAGE_SIZE } from '@mailhound/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';

export type SortOrder = 'asc' | 'desc';
export type ListsQuery = { page: number; key: string; order: SortOrder | null };

export const contactListsKey = ['mail', 'groups'] as const;

// A search key (already at least 2 characters) asks /groups/search, otherwise /groups/list.
// Only the Campaign column sorts (product-spec §2 "Contact lists").
export function getContactLists({ page, key, order }: ListsQuery): Promise<ContactListPage> {
  const sort = order === null ? {} : { column: 'campaign_name', order };
  const query = { page, count: PAGE_SIZE, ...sort };
  return key === ''
    ? mailClient.get('/groups/list', { query, schema: contactListPageSchema })
    : mailClient.get('/groups/search', { query: { key, ...query }, schema: contactListPageSchema });
}

export const contactListsQueryOptions = (query: ListsQuery) =>
  queryOptions({
    queryKey: [...contactListsKey, 'page', query],
    queryFn: () => getContactLists(query),
  });

export function useContactLists(query: ListsQuery) {
  return useQuery({ ...contactListsQueryOptions(query), placeholderData: keepPreviousData });
}
