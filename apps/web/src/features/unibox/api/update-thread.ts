import { type ThreadDetail, type ThreadSummary, threadSummarySchema } from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { threadKey } from './get-thread.ts';
import { threadPagesKey } from './get-threads.ts';

export function updateThread(id: string, unread: boolean): Promise<ThreadSummary> {
  return mailClient.patch(`/unibox/threads/${encodeURIComponent(id)}`, {
    body: { unread },
    schema: threadSummarySchema,
  });
}

// The open thread takes the server's summary at once; the lists (bold rows, the unread count)
// are asked again.
export function useUpdateThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, unread }: { id: string; unread: boolean }) => updateThread(id, unread),
    onSuccess: async (thread) => {
      queryClient.setQueryData<ThreadDetail>(threadKey(thread.id), (detail) =>
        detail === undefined ? detail : { ...detail, thread },
      );
      await queryClient.invalidateQueries({ queryKey: threadPagesKey });
    },
  });
}
