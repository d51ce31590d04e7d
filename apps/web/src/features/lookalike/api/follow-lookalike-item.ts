import { type LookalikeItem, lookalikeItemSchema } from '@mailhound/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { followItemStream } from '../../../shared/api/follow-item-stream.ts';
import { balanceKey } from '../../../shared/session/api/get-balance.ts';
import { replaceLookalikeHistoryItem } from './get-lookalike-history.ts';
import { lookalikeItemKey } from './get-lookalike-item.ts';

// GET /search-history/lookalike/{id} (api-spec §7 "Search and history"). api-spec §4: unlike bulk,
// the look-alike stream keeps running while the tab is hidden.
export function followLookalikeItem(
  requestId: string,
  options: { onUpdate: (item: LookalikeItem) => void; signal?: AbortSignal },
): Promise<void> {
  return followItemStream(
    `/search-history/lookalike/${encodeURIComponent(requestId)}`,
    lookalikeItemSchema,
    { ...options, openWhenHidden: true },
  );
}

// A processing item follows its stream while shown; each update lands in the cached history
// and detail, and the final one refreshes the balance (product-spec §4 "Look-alike item").
export function useFollowLookalikeItem(item: Pick<LookalikeItem, 'requestId' | 'status'>) {
  const queryClient = useQueryClient();
  const processing = item.status === 'processing';
  const { requestId } = item;

  useEffect(() => {
    if (!processing) return;
    const controller = new AbortController();
    followLookalikeItem(requestId, {
      signal: controller.signal,
      onUpdate: (update) => {
        replaceLookalikeHistoryItem(queryClient, update);
        if (update.status === 'processing') return;
        // The final event may come without the preview: the detail is read again for it.
        queryClient.invalidateQueries({ queryKey: lookalikeItemKey(requestId) });
        queryClient.invalidateQueries({ queryKey: balanceKey });
      },
    }).catch(() => {
      // A refused stream (gone, or the session ended): the row keeps its last known state.
    });
    return () => controller.abort();
  }, [processing, requestId, queryClient]);
}
