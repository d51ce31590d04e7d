import { threadPageSchema } from '@mailhound/contracts';
import { useQuery } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { threadsKey } from './get-threads.ts';

export const unreadCountKey = [...threadsKey, 'unread-count'] as const;

// Every threads page carries the inbox's unread count whatever its filters (the server's
// unibox/routes.ts), so the sidebar badge asks the smallest page.
const unreadCountSchema = threadPageSchema.transform((page) => page.unread_count);

// New replies arrive through the inbox sync, so the badge looks again now and then.
const UNREAD_REFRESH_MS = 60_000;

export function getUnreadCount(): Promise<number> {
  return mailClient.get('/unibox/threads', {
    query: { page: 1, count: 1 },
    schema: unreadCountSchema,
  });
}

export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: unreadCountKey,
    queryFn: getUnreadCount,
    enabled,
    refetchInterval: UNREAD_REFRESH_MS,
  });
}
