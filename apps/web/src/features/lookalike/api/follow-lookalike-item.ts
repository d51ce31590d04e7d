import { SSE_RETRY_MS } from '@mailhound/contracts';
import { EventStreamContentType, fetchEventSource } from '@microsoft/fetch-event-source';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient } from '../../../shared/api/clients.ts';
import { balanceKey } from '../../../shared/session/api/get-balance.ts';
import { type LookalikeItem, lookalikeItemSchema } from '../lookalike-item.ts';
import { replaceLookalikeHistoryItem } from './get-lookalike-history.ts';
import { lookalikeItemKey } from './get-lookalike-item.ts';

// Not worth another attempt: a refusal (4xx) or an answer we cannot read.
class FatalStreamError extends Error {
  readonly reason: Error;
  constructor(reason: Error) {
    super(reason.message);
    this.reason = reason;
  }
}

function readItem(data: string): LookalikeItem {
  try {
    return lookalikeItemSchema.parse(JSON.parse(data));
  } catch (error) {
    throw new FatalStreamError(error instanceof Error ? error : new Error(String(error)));
  }
}

// GET /search-history/lookalike/{id} with Accept: text/event-stream answers `update` events
// while processing, the last one final, or plain JSON for an item already final. Each state
// goes to onUpdate; the promise settles once a final state arrived or `signal` cancelled it.
// api-spec §4: unlike bulk, the look-alike stream keeps running while the tab is hidden; a
// dropped connection is retried after SSE_RETRY_MS.
export async function followLookalikeItem(
  requestId: string,
  options: { onUpdate: (item: LookalikeItem) => void; signal?: AbortSignal },
): Promise<void> {
  const path = `/search-history/lookalike/${encodeURIComponent(requestId)}`;
  const controller = new AbortController();
  options.signal?.addEventListener('abort', () => controller.abort(), { once: true });
  let final = false;
  const deliver = (item: LookalikeItem) => {
    options.onUpdate(item);
    if (item.status !== 'processing') {
      final = true;
      controller.abort();
    }
  };

  await fetchEventSource(`${apiClient.baseUrl}${path}`, {
    method: 'GET',
    headers: { accept: EventStreamContentType, ...apiClient.authorizationHeaders() },
    signal: controller.signal,
    openWhenHidden: true,
    async onopen(response) {
      if (!response.ok) {
        const error = await apiClient.failure(path, response);
        throw response.status < 500 ? new FatalStreamError(error) : error;
      }
      if ((response.headers.get('content-type') ?? '').startsWith(EventStreamContentType)) return;
      deliver(readItem(await response.text()));
      // The JSON answer is the whole reply: nothing follows to read as a stream (a processing
      // one is asked again after the retry delay).
      throw new Error('The look-alike item was answered as JSON');
    },
    onmessage(message) {
      if (final || message.event !== 'update' || message.data === '') return;
      deliver(readItem(message.data));
    },
    onclose() {
      // Ended before the final state (a restarted server): asked again after the retry delay.
      if (!final) throw new Error('The look-alike stream ended early');
    },
    onerror(error) {
      if (error instanceof FatalStreamError) throw error.reason;
      return SSE_RETRY_MS;
    },
  });
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
