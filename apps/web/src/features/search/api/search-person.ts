import {
  type SearchProgressData,
  type SingleSearchBody,
  type SingleSearchEvent,
  SSE_RETRY_MS,
  singleSearchEventSchema,
} from '@mailhound/contracts';
import { EventStreamContentType, fetchEventSource } from '@microsoft/fetch-event-source';
import { apiClient } from '../../../shared/api/clients.ts';

const path = '/person/sse';

export type SearchProgress = SearchProgressData;

export type SearchOutcome =
  | { kind: 'found'; id: string; exactEmail: string | null; exactEmailScore: number | null }
  | { kind: 'payment_error'; message: string; required: number; available: number }
  | { kind: 'error'; id: string | null; error: string };

const finalEventNames = ['', 'message', 'payment_error', 'error'];

// One message of the stream as the contracts' event union (a plain data message arrives named
// '' or 'message'). A progress event it cannot read, or an event it does not know, is skipped;
// a final event it cannot read fails the search.
function readSearchEvent(name: string, data: string): SingleSearchEvent | null {
  const json: unknown = JSON.parse(data);
  if (name !== 'progress' && !finalEventNames.includes(name)) return null;
  const event = name === '' || name === 'message' ? undefined : name;
  const parsed = singleSearchEventSchema.safeParse({ event, data: json });
  if (parsed.success) return parsed.data;
  if (name === 'progress') return null;
  throw parsed.error;
}

function outcomeOf(event: Exclude<SingleSearchEvent, { event: 'progress' }>): SearchOutcome {
  switch (event.event) {
    case 'payment_error':
      return { kind: 'payment_error', ...event.data };
    case 'error':
      return { kind: 'error', id: event.data._id ?? null, error: event.data.error };
    default:
      return {
        kind: 'found',
        id: event.data._id,
        exactEmail: event.data.exactEmail,
        exactEmailScore: event.data.exactEmailScore,
      };
  }
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

// Streams one single search. It ends with the first final event (data, payment_error or
// error). A connection that fails before the server accepts the search is retried after
// SSE_RETRY_MS; once the stream is open the search is never sent again, because the server
// may already have charged it: a drop then ends the search, and the refreshed history shows
// what the server settled.
export async function searchPerson(
  body: SingleSearchBody,
  options: { onProgress?: (progress: SearchProgress) => void; signal?: AbortSignal } = {},
): Promise<SearchOutcome> {
  const controller = new AbortController();
  options.signal?.addEventListener('abort', () => controller.abort(), { once: true });
  const state: { outcome: SearchOutcome | null; retries: number; opened: boolean } = {
    outcome: null,
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
      if (state.outcome !== null || message.data === '') return;
      let event: SingleSearchEvent | null;
      try {
        event = readSearchEvent(message.event, message.data);
      } catch (error) {
        throw new FatalStreamError(error instanceof Error ? error : new Error(String(error)));
      }
      if (event === null) return;
      if (event.event === 'progress') {
        options.onProgress?.(event.data);
        return;
      }
      state.outcome = outcomeOf(event);
      // Closing here keeps the library from ever sending this search again.
      controller.abort();
    },
    onclose() {
      // Closed before the final event: handled like a dropped connection.
      if (state.outcome === null) throw new Error('The search stream ended early');
    },
    onerror(error) {
      if (error instanceof FatalStreamError) throw error.reason;
      if (state.opened) throw new Error('The connection was lost during the search');
      state.retries += 1;
      if (state.retries > MAX_RETRIES) throw error;
      return SSE_RETRY_MS;
    },
  });

  if (state.outcome !== null) return state.outcome;
  if (options.signal?.aborted) throw new DOMException('The search was cancelled', 'AbortError');
  throw new Error('The search ended without a result');
}
