import { type ThreadPage, threadPageSchema } from '@mailhound/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import type { ThreadsQuery } from '../unibox-filters.ts';

export const threadsKey = ['mail', 'unibox', 'threads'] as const;
export const threadPagesKey = [...threadsKey, 'page'] as const;

export function getThreads(query: ThreadsQuery): Promise<ThreadPage> {
  return mailClient.get('/unibox/threads', { query, schema: threadPageSchema });
}

export const threadsQueryOptions = (query: ThreadsQuery) =>
  queryOptions({ queryKey: [...threadPagesKey, query], queryFn: () => getThreads(query) });

export function useThreads(query: ThreadsQuery) {
  return useQuery({ ...threadsQueryOptions(query), placeholderData: keepPreviousData });
}
