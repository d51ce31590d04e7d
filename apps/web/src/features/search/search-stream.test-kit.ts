import { vi } from 'vitest';

// Test support: POST /api/person/sse (or another streamed search, `path`) answered by the test
// as an event stream, every other call left to the fake server (src/test/fake-server.ts)
// installed before.

export type EventStream = {
  response: Response;
  send: (event: string | null, data: unknown) => void;
  close: () => void;
};

export function createEventStream(): EventStream {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
      // As the server opens its streams (api-spec §9: event-stream retry 1000 ms).
      controller.enqueue(encoder.encode('retry: 1000\n\n'));
    },
  });
  return {
    response: new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }),
    send(event, data) {
      const name = event === null ? '' : `event: ${event}\n`;
      controller?.enqueue(encoder.encode(`${name}data: ${JSON.stringify(data)}\n\n`));
    },
    close() {
      controller?.close();
    },
  };
}

// A stream that sends its events and ends.
export function finishedStream(events: Array<[string | null, unknown]>): Response {
  const stream = createEventStream();
  for (const [event, data] of events) stream.send(event, data);
  stream.close();
  return stream.response;
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export type SearchCall = { body: unknown; headers: Headers };

export function stubSearchStream(
  answer: (call: SearchCall) => Response | Promise<Response>,
  path = '/api/person/sse',
) {
  const serverFetch = globalThis.fetch;
  const calls: SearchCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== path) return serverFetch(input, init);
    const call = {
      body: JSON.parse(String(init.body)),
      headers: new Headers(init.headers),
    };
    calls.push(call);
    return answer(call);
  });
  return calls;
}
