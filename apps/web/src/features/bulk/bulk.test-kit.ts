import type { BulkItem } from '@mailhound/contracts';
import { vi } from 'vitest';

// Test support for the bulk screens: item fixtures, the detail event streams, raw file
// answers, the XMLHttpRequest upload and the browser's file saving. Every other call is left
// to the fake server (src/test/fake-server.ts) installed before.

export function bulkItem(requestId: string, overrides: Partial<BulkItem> = {}): BulkItem {
  return {
    requestId,
    kind: 'find',
    input: { fileName: `${requestId}.csv`, length: 200, hasInputFile: true },
    status: 'completed',
    progress: { success: 150, fail: 50, total: 200 },
    result: { successCount: 150, verifiedCount: 120, hasMultipleFiles: true, credits: 120 },
    error: null,
    onHold: 0,
    purchases: [],
    createdAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function processingItem(requestId: string, success: number, fail = 0): BulkItem {
  return bulkItem(requestId, {
    status: 'processing',
    progress: { success, fail, total: 200 },
    result: null,
  });
}

export type StreamCall = {
  requestId: string;
  headers: Headers;
  signal: AbortSignal | undefined;
  send: (item: BulkItem) => void;
  end: () => void;
};

type RawAnswer = (path: string, init: RequestInit) => Response | undefined;

const detailPath = /^\/api\/search-history\/bulk\/([^/]+)$/;

// Wraps the fake server's fetch: detail calls asking for an event stream get a stream the
// test feeds; `raw` may answer any other path with a full Response (file downloads).
export function stubBulkFetch(raw?: RawAnswer) {
  const serverFetch = globalThis.fetch;
  const streams: StreamCall[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = new Headers(init.headers);
    const detail = detailPath.exec(url.pathname);
    if (detail && (headers.get('accept') ?? '').includes('text/event-stream')) {
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
    }
    const answer = raw?.(`${url.pathname}${url.search}`, init);
    return answer ?? serverFetch(input, init);
  });
  return {
    streams,
    streamsFor: (requestId: string) => streams.filter((call) => call.requestId === requestId),
  };
}

export function fileAnswer(content: string, fileName: string, type = 'text/csv'): Response {
  return new Response(content, {
    headers: {
      'Content-Type': type,
      'Content-Disposition': `attachment; filename="${fileName}"`,
    },
  });
}

export function setTabHidden(hidden: boolean): void {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange'));
}

export type UploadCall = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData | null;
  aborted: boolean;
  progress: (loaded: number, total: number) => void;
  respond: (status: number, body: unknown) => void;
};

// XMLHttpRequest as far as the upload uses it: the test reports progress and answers.
export function stubUploads() {
  const calls: UploadCall[] = [];
  class FakeUploadRequest {
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private sent: UploadCall | undefined;
    private call: Omit<UploadCall, 'body' | 'aborted' | 'progress' | 'respond'> = {
      method: '',
      url: '',
      headers: {},
    };

    open(method: string, url: string) {
      this.call = { method, url, headers: {} };
    }

    setRequestHeader(name: string, value: string) {
      this.call.headers[name] = value;
    }

    send(body: FormData | null) {
      this.sent = {
        ...this.call,
        body,
        aborted: false,
        progress: (loaded, total) =>
          this.upload.onprogress?.(
            new ProgressEvent('progress', { lengthComputable: true, loaded, total }),
          ),
        respond: (status, answer) => {
          this.status = status;
          this.responseText = answer === undefined ? '' : JSON.stringify(answer);
          this.onload?.();
        },
      };
      calls.push(this.sent);
    }

    abort() {
      if (this.sent) this.sent.aborted = true;
      this.onabort?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeUploadRequest);
  return calls;
}

export type SavedFile = { fileName: string; file: Blob };

// The browser's download: an object URL clicked through a link with `download`.
export function captureSavedFiles(): SavedFile[] {
  const saved: SavedFile[] = [];
  const blobs = new Map<string, Blob>();
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (file: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, file);
      return url;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const file = blobs.get(this.href);
    if (file) saved.push({ fileName: this.download, file });
  });
  return saved;
}

// Back to jsdom's own `document.hidden`.
export function resetTabVisibility(): void {
  Reflect.deleteProperty(document, 'hidden');
}
