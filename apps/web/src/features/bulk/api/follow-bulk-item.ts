import { type BulkItem, bulkItemSchema } from '@mailhound/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { followItemStream } from '../../../shared/api/follow-item-stream.ts';
import { balanceKey } from '../../../shared/session/api/get-balance.ts';
import { replaceBulkItem } from './get-bulk-history.ts';

// api-spec §4 "Bulk detail stream"; product-spec §4: the bulk stream does not run while the tab
// is hidden, so it closes when the tab hides and opens again when it shows.
export function followBulkItem(
  requestId: string,
  options: { onUpdate: (item: BulkItem) => void; signal?: AbortSignal },
): Promise<void> {
  return followItemStream(`/search-history/bulk/${encodeURIComponent(requestId)}`, bulkItemSchema, {
    ...options,
    openWhenHidden: false,
  });
}

// A processing item follows its stream while shown; each update lands in the cached history,
// and the final one refreshes the balance (product-spec §4: settled credits leave onHold).
export function useFollowBulkItem(item: BulkItem) {
  const queryClient = useQueryClient();
  const processing = item.status === 'processing';
  const { requestId } = item;

  useEffect(() => {
    if (!processing) return;
    const controller = new AbortController();
    followBulkItem(requestId, {
      signal: controller.signal,
      onUpdate: (update) => {
        replaceBulkItem(queryClient, update);
        if (update.status !== 'processing') {
          queryClient.invalidateQueries({ queryKey: balanceKey });
        }
      },
    }).catch(() => {
      // A refused stream (gone, or the session ended): the row keeps its last known state.
    });
    return () => controller.abort();
  }, [processing, requestId, queryClient]);
}
