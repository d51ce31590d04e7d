import { type ThreadDetail, threadDetailSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { threadsKey } from './get-threads.ts';

export const threadKey = (id: string) => [...threadsKey, 'detail', id] as const;

// Reading a thread does not change its unread state (the server's unibox/routes.ts); the screen
// sends the PATCH.
export function getThread(id: string): Promise<ThreadDetail> {
  return mailClient.get(`/unibox/threads/${encodeURIComponent(id)}`, {
    schema: threadDetailSchema,
  });
}

export const threadQueryOptions = (id: string) =>
  queryOptions({ queryKey: threadKey(id), queryFn: () => getThread(id) });

export function useThread(id: string | null) {
  return useQuery({ ...threadQueryOptions(id ?? ''), enabled: id !== null });
}
