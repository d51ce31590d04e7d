import type { ContactList } from '@mailhound/contracts';
import { vi } from 'vitest';
import type { FakeServer } from '../../test/fake-server.ts';
import { logIn } from '../../test/session-fixtures.ts';

// Test support: a mail-section user, list and contact answers, and the streamed
// create-or-update answered by the test while every other call goes to the fake server.

export function logInWithMail(server: FakeServer) {
  return logIn(server, { user: { properties: { sections: ['mail'] } } });
}

export function makeList(index: number, overrides: Partial<ContactList> = {}): ContactList {
  return {
    id: `list-${index}`,
    name: `List ${index}`,
    campaign_id: null,
    campaign_name: null,
    customer_count: index,
    created: `2026-01-${String(index).padStart(2, '0')}T10:00:00.000Z`,
    ...overrides,
  };
}

export function listPage(groups: ContactList[], page = 1, total = groups.length) {
  return { groups, page, pages: Math.ceil(total / 10), per_page: 10, total_count: total };
}

export function makeCustomer(index: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `c-${index}`,
    email: `person${index}@acme.com`,
    fname: `First${index}`,
    lname: `Last${index}`,
    additional_fields: {},
    tags: [],
    notes: [],
    created: '2026-01-01T00:00:00.000Z',
    verification: { status: 'unverified', score: null },
    suppressed: false,
    skipped: null,
    ...overrides,
  };
}

export type StreamCall = { body: { customers: Record<string, string>[]; group_id?: string } };

const streamPath = '/api/mail/customers/create-or-update';

// Answers POST create-or-update with the given SSE blocks; `hold` keeps the stream open until
// the returned release function is called (to look at the overlay mid-way).
export function stubCreateStream(blocks: string[], options: { hold?: boolean } = {}) {
  const serverFetch = globalThis.fetch;
  const calls: StreamCall[] = [];
  const encoder = new TextEncoder();
  let release = () => {};
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== streamPath || init.method !== 'POST') return serverFetch(input, init);
    calls.push({ body: JSON.parse(String(init.body)) });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const [first = '', ...rest] = blocks;
        controller.enqueue(encoder.encode(first));
        const finish = () => {
          for (const block of rest) controller.enqueue(encoder.encode(block));
          controller.close();
        };
        if (options.hold) release = finish;
        else finish();
      },
    });
    return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
  });
  return { calls, release: () => release() };
}

export const progressBlock = (done: number, total: number) =>
  `data: ${JSON.stringify({ progress: done, total })}\n\n`;
export const endBlock = (id: string) =>
  `data: ${JSON.stringify({ EOF: true, id, skipped: 0 })}\n\n`;
export const errorBlock = (error: string) => `event: error\ndata: ${JSON.stringify({ error })}\n\n`;

// The fake server answers JSON; a bulk result file is plain CSV text, so its JSON string
// answer is handed back as the CSV body.
export function answerResultFilesAsCsv() {
  const jsonFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await jsonFetch(input, init);
    if (!String(input).includes('/result/success') || !response.ok) return response;
    return new Response(JSON.parse(await response.text()) as string, {
      headers: { 'Content-Type': 'text/csv' },
    });
  });
}
