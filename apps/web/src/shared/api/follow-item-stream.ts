import { SSE_RETRY_MS } from '@mailhound/contracts';
import { EventStreamContentType, fetchEventSource } from '@microsoft/fetch-event-source';
import type { z } from 'zod';
import { readToken } from '../session/session-store.ts';
import { apiClient } from './clients.ts';

// Not worth another attempt: a refusal (4xx) or an answer we cannot read.
class FatalStreamError extends Error {
  readonly reason: Error;
  constructor(reason: Error) {
    super(reason.message);
    this.reason = reason;
  }
}

// A 401 to a stream opened with a token replaced since (a password change answers a fresh one
// and revokes the old): the stream is opened again with the new token, as `request` asks again.
class TokenReplaced extends Error {}

export type FollowOptions<Item> = {
  onUpdate: (item: Item) => void;
  signal?: AbortSignal;
  // product-spec §4: the bulk stream pauses while the tab is hidden; the look-alike one does not.
  openWhenHidden: boolean;
};

// api-spec §4 detail streams: GET <path> answers plain JSON for a final state, or an event
// stream of `update` events while processing. Each state goes to onUpdate; the promise settles
// once a final state arrived or the caller cancelled through `signal`. A dropped connection,
// or a processing item answered as JSON, is asked again after SSE_RETRY_MS.
export async function followItemStream<Item extends { status: string }>(
  path: string,
  schema: z.ZodType<Item>,
  options: FollowOptions<Item>,
): Promise<void> {
  const controller = new AbortController();
  options.signal?.addEventListener('abort', () => controller.abort(), { once: true });
  let final = false;
  const readItem = (data: string): Item => {
    try {
      return schema.parse(JSON.parse(data));
    } catch (error) {
      throw new FatalStreamError(error instanceof Error ? error : new Error(String(error)));
    }
  };
  const deliver = (item: Item) => {
    options.onUpdate(item);
    if (item.status !== 'processing') {
      final = true;
      controller.abort();
    }
  };

  for (;;) {
    try {
      await openStream();
      return;
    } catch (error) {
      if (!(error instanceof TokenReplaced) || controller.signal.aborted) throw error;
    }
  }

  function openStream() {
    const sentToken = readToken();
    return fetchEventSource(`${apiClient.baseUrl}${path}`, {
      method: 'GET',
      headers: { accept: EventStreamContentType, ...apiClient.authorizationHeaders() },
      signal: controller.signal,
      openWhenHidden: options.openWhenHidden,
      async onopen(response) {
        if (response.status === 401 && readToken() !== null && readToken() !== sentToken) {
          throw new TokenReplaced();
        }
        if (!response.ok) {
          const error = await apiClient.failure(path, response);
          throw response.status < 500 ? new FatalStreamError(error) : error;
        }
        if ((response.headers.get('content-type') ?? '').startsWith(EventStreamContentType)) return;
        deliver(readItem(await response.text()));
        // The JSON answer is the whole reply: nothing follows to read as a stream.
        throw new Error('The item was answered as JSON');
      },
      onmessage(message) {
        if (final || message.event !== 'update' || message.data === '') return;
        deliver(readItem(message.data));
      },
      onclose() {
        // Ended before the final state (a restarted server): asked again after the retry delay.
        if (!final) throw new Error('The progress stream ended early');
      },
      onerror(error) {
        if (error instanceof FatalStreamError) throw error.reason;
        if (error instanceof TokenReplaced) throw error;
        return SSE_RETRY_MS;
      },
    });
  }
}
