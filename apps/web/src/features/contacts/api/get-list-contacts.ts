import {
  type ContactListExtended,
  type CustomerPage,
  contactListExtendedSchema,
  customerPageSchema,
  PAGE_SIZE,
} from '@mailhound/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { contactListsKey } from './get-contact-lists.ts';

export const listContactsKey = (groupId: string) => [...contactListsKey, groupId] as const;

// The extended view: the list, its custom columns and one page of its contacts.
export function getListExtended(groupId: string, page: number): Promise<ContactListExtended> {
  return mailClient.get(`/groups/${encodeURIComponent(groupId)}/extended`, {
    query: { page, count: PAGE_SIZE },
    schema: contactListExtendedSchema,
  });
}

export function searchListContacts(
  groupId: string,
  key: string,
  page: number,
): Promise<CustomerPage> {
  return mailClient.get(`/groups/${encodeURIComponent(groupId)}/search`, {
    query: { key, page, count: PAGE_SIZE },
    schema: customerPageSchema,
  });
}

export const listExtendedQueryOptions = (groupId: string, page: number) =>
  queryOptions({
    queryKey: [...listContactsKey(groupId), 'extended', page],
    queryFn: () => getListExtended(groupId, page),
  });

export function useListExtended(groupId: string, page: number) {
  return useQuery({
    ...listExtendedQueryOptions(groupId, page),
    placeholderData: keepPreviousData,
  });
}

// Asked only with a key of at least 2 characters.
export function useListContactsSearch(groupId: string, key: string, page: number) {
  return useQuery({
    queryKey: [...listContactsKey(groupId), 'search', key, page],
    queryFn: () => searchListContacts(groupId, key, page),
    enabled: key !== '',
    placeholderData: keepPreviousData,
  });
}
