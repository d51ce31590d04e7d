import { SSE_RETRY_MS } from '@mailhound/contracts';
import { EventStreamContentType, fetchEventSource } from '@microsoft/fetch-event-source';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiClient } from '../../../shared/api/clients.ts';
import { balanceKey } from '../../../shared/session/api/get-balance.ts';
import { type BulkItem, bulkItemSchema } from '../bulk-item.ts';
import { replaceBulkItem } from './get-bulk-history.ts';

// Not worth another attempt: a refusal (4xx) or an answer we cannot read.
class FatalStreamError extends Error {
  readonly reason: Error;
  constructor(reason: Error) {
    super(reason.message);
    this.reason = reason;
  }
}

function readItem(data: string): BulkItem {
  try {
    return bulkItemSchema.parse(JSON.parse(data));
  } catch (error) {
    throw new FatalStreamError(error instanceof Error ? error : new Error(String(error)));
  }
}

// api-spec §4 "Bulk detail stream": GET /search-history/bulk/{id} answers plain JSON for a final
// state, or an event stream of `update` events while processing. Each state goes to onUpdate;
// the promise settles once a final state arrived or the caller cancelled through `signal`.
// product-spec §4: the bulk stream does not run while the tab is hidden, so it closes when the
// tab hides and opens again when it shows; a dropped connection is retried after SSE_RETRY_MS.
export async function followBulkItem(
  requestId: string,
  options: { onUpdate: (item: BulkItem) => void; signal?: AbortSignal },
): Promise<void> {
  const path = `/search-history/bulk/${encodeURIComponent(requestId)}`;
  const controller = new AbortController();
  options.signal?.addEventListener('abort', () => controller.abort(), { once: true });
  let final = false;
  const deliver = (item: BulkItem) => {
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
    openWhenHidden: false,
    async onopen(response) {
      if (!response.ok) {
        const error = await apiClient.failure(path, response);
        throw response.status < 500 ? new FatalStreamError(error) : error;
      }
      if ((response.headers.get('content-type') ?? '').startsWith(EventStreamContentType)) return;
      deliver(readItem(await response.text()));
      // The JSON answer is the whole reply: nothing follows to read as a stream.
      throw new Error('The bulk item was answered as JSON');
    },
    onmessage(message) {
      if (final || message.event !== 'update' || message.data === '') return;
      deliver(readItem(message.data));
    },
    onclose() {
      // Ended before the final state (a restarted server): asked again after the retry delay.
      if (!final) throw new Error('The bulk progress stream ended early');
    },
    onerror(error) {
      if (error instanceof FatalStreamError) throw error.reason;
      return SSE_RETRY_MS;
    },
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
