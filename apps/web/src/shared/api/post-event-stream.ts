import { type SearchProgressData, SSE_RETRY_MS } from '@mailhound/contracts';
import { EventStreamContentType, fetchEventSource } from '@microsoft/fetch-event-source';
import type { z } from 'zod';
import { apiClient } from './clients.ts';

// The events of a search streamed in answer to a POST (the single search, the Email Verifier):
// `progress`, then one final event, the result as a plain data message (no event name),
// payment_error or error.
type StreamEvent = { event?: string; data: unknown };
export type FinalEvent<Event extends StreamEvent> = Exclude<Event, { event: 'progress' }>;

const finalEventNames = ['', 'message', 'payment_error', 'error'];

// One message of the stream as the contracts' event union (a plain data message arrives named
// '' or 'message'). A progress event it cannot read, or an event it does not know, is skipped;
// a final event it cannot read fails the search.
function readEvent<Event extends StreamEvent>(
  schema: z.ZodType<Event>,
  name: string,
  data: string,
): Event | null {
  const json: unknown = JSON.parse(data);
  if (name !== 'progress' && !finalEventNames.includes(name)) return null;
  const event = name === '' || name === 'message' ? undefined : name;
  const parsed = schema.safeParse({ event, data: json });
  if (parsed.success) return parsed.data;
  if (name === 'progress') return null;
  throw parsed.error;
}

// A dropped connection is retried this many times before the search is given up.
const MAX_RETRIES = 3;

// Not worth a retry: a refusal before any work (4xx) or an answer we cannot read.
class FatalStreamError extends Error {
  readonly reason: Error;
  constructor(reason: Error) {
    super(reason.message);
    this.reason = reason;
  }
}

// Streams one search. It ends with the first final event (data, payment_error or error). A
// connection that fails before the server accepts the search is retried after SSE_RETRY_MS;
// once the stream is open the search is never sent again, because the server may already have
// charged it: a drop then ends the search, and the refreshed history shows what the server
// settled.
export async function postEventStream<Event extends StreamEvent>(
  path: string,
  body: unknown,
  schema: z.ZodType<Event>,
  options: { onProgress?: (progress: SearchProgressData) => void; signal?: AbortSignal } = {},
): Promise<FinalEvent<Event>> {
  const controller = new AbortController();
  options.signal?.addEventListener('abort', () => controller.abort(), { once: true });
  const state: { final: FinalEvent<Event> | null; retries: number; opened: boolean } = {
    final: null,
    retries: 0,
    opened: false,
  };

  await fetchEventSource(`${apiClient.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...apiClient.authorizationHeaders() },
    body: JSON.stringify(body),
    signal: controller.signal,
    // Otherwise a hidden tab aborts the request and sends the search again when shown.
    openWhenHidden: true,
    async onopen(response) {
      const type = response.headers.get('content-type') ?? '';
      if (response.ok && type.startsWith(EventStreamContentType)) {
        state.opened = true;
        return;
      }
      const error = await apiClient.failure(path, response);
      throw response.status < 500 ? new FatalStreamError(error) : error;
    },
    onmessage(message) {
      // A block without data (the server's opening `retry:`) is no event (WHATWG SSE).
      if (state.final !== null || message.data === '') return;
      let event: Event | null;
      try {
        event = readEvent(schema, message.event, message.data);
      } catch (error) {
        throw new FatalStreamError(error instanceof Error ? error : new Error(String(error)));
      }
      if (event === null) return;
      if (event.event === 'progress') {
        options.onProgress?.(event.data as SearchProgressData);
        return;
      }
      state.final = event as FinalEvent<Event>;
      // Closing here keeps the library from ever sending this search again.
      controller.abort();
    },
    onclose() {
      // Closed before the final event: handled like a dropped connection.
      if (state.final === null) throw new Error('The search stream ended early');
    },
    onerror(error) {
      if (error instanceof FatalStreamError) throw error.reason;
      if (state.opened) throw new Error('The connection was lost during the search');
      state.retries += 1;
      if (state.retries > MAX_RETRIES) throw error;
      return SSE_RETRY_MS;
    },
  });

  if (state.final !== null) return state.final;
  if (options.signal?.aborted) throw new DOMException('The search was cancelled', 'AbortError');
  throw new Error('The search ended without a result');
}
