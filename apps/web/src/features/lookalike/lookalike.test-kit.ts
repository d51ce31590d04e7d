import type { LookalikeContact, LookalikeItem } from '@mailhound/contracts';
import { vi } from 'vitest';
import type { FakeServer } from '../../test/fake-server.ts';
import { logIn } from '../../test/session-fixtures.ts';

// Test support for the look-alike screens: fixtures, a paid-plan login and the detail event
// stream. Every other call is left to the fake server (src/test/fake-server.ts).

export const paidPlan = { name: 'Starter', is_default: false };

export function logInPaid(
  server: FakeServer,
  balance?: { balance: number; onHold: number },
  sections: string[] = [],
) {
  return logIn(server, { user: { plan: paidPlan, properties: { sections } }, balance });
}

export function contact(
  index: number,
  overrides: Partial<LookalikeContact> = {},
): LookalikeContact {
  return {
    id: `c${index}`,
    fname: 'Ann',
    lname: `Lee${index}`,
    jobTitle: 'Chief Executive Officer',
    companyName: `Similar ${index} Inc`,
    website: `similar${index}.com`,
    location: 'Berlin, Germany',
    linkedinUrl: `https://www.linkedin.com/in/ann-lee-${index}`,
    exactEmail: null,
    exactEmailScore: null,
    searched: false,
    ...overrides,
  };
}

export function lookalikeItem(
  requestId: string,
  overrides: Partial<LookalikeItem> = {},
): LookalikeItem {
  return {
    requestId,
    status: 'completed',
    error: null,
    input: { fileName: `${requestId}.csv`, length: 3 },
    result: { totalCount: 42 },
    createdAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function processingLookalike(requestId: string): LookalikeItem {
  return lookalikeItem(requestId, { status: 'processing', result: null });
}

export type LookalikeStream = {
  requestId: string;
  headers: Headers;
  signal: AbortSignal | undefined;
  send: (item: LookalikeItem) => void;
  end: () => void;
};

const detailPath = /^\/api\/search-history\/lookalike\/([^/]+)$/;

// Wraps the fake server's fetch: detail calls asking for an event stream get a stream the
// test feeds; the JSON detail stays with the fake server.
export function stubLookalikeStreams() {
  const serverFetch = globalThis.fetch;
  const streams: LookalikeStream[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = new Headers(init.headers);
    const detail = detailPath.exec(url.pathname);
    if (!detail || !(headers.get('accept') ?? '').includes('text/event-stream')) {
      return serverFetch(input, init);
    }
    const encoder = new TextEncoder();
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(streamController) {
        controller = streamController;
        controller.enqueue(encoder.encode('retry: 1000\n\n'));
      },
    });
    init.signal?.addEventListener('abort', () => {
      try {
        controller?.error(new DOMException('The stream was closed', 'AbortError'));
      } catch {
        // Already closed by the test.
      }
    });
    streams.push({
      requestId: decodeURIComponent(detail[1] ?? ''),
      headers,
      signal: init.signal ?? undefined,
      send: (item) =>
        controller?.enqueue(encoder.encode(`event: update\ndata: ${JSON.stringify(item)}\n\n`)),
      end: () => controller?.close(),
    });
    return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
  });
  return {
    streams,
    streamsFor: (requestId: string) => streams.filter((call) => call.requestId === requestId),
  };
}
