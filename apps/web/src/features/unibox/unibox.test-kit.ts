import type { ThreadDetail, ThreadMessage, ThreadPage, ThreadSummary } from '@mailhound/contracts';
import type { FakeRequest, FakeServer } from '../../test/fake-server.ts';
import { mailboxPage, makeMailbox } from '../campaigns/campaigns.test-kit.ts';

// Test support: Unibox answers shaped by the contracts' schemas, and a fake server that keeps
// the threads, marks them read or unread on PATCH, files sent messages and notes.

export function makeThread(overrides: Partial<ThreadSummary> = {}): ThreadSummary {
  return {
    id: 'thread-1',
    subject: 'Quick question',
    snippet: 'Sounds interesting, tell me more',
    lead: { email: 'bob@globex.com', name: 'Bob Stone', customer_id: 'cust-1' },
    campaign: { id: 'camp-1', name: 'Spring launch' },
    mailbox: {
      id: 'mb-1',
      email: 'sender1@acme.com',
      name: 'Sender 1',
      status: 'active',
      status_message: null,
    },
    status: 'replied',
    unread: false,
    message_count: 2,
    last_message_at: '2026-03-02T09:15:00.000Z',
    ...overrides,
  };
}

export function makeMessage(overrides: Partial<ThreadMessage> = {}): ThreadMessage {
  return {
    id: 'msg-1',
    direction: 'out',
    kind: 'campaign',
    from: { email: 'sender1@acme.com', name: 'Sender 1' },
    to: [{ email: 'bob@globex.com', name: 'Bob Stone' }],
    cc: [],
    subject: 'Quick question',
    text: 'Hi Bob, would you like a demo?',
    quoted_text: null,
    date: '2026-03-01T08:00:00.000Z',
    step: 1,
    bounce: null,
    ...overrides,
  };
}

export function threadPage(
  threads: ThreadSummary[],
  { page = 1, total = threads.length, unread = 0 } = {},
): ThreadPage {
  return {
    threads,
    page,
    pages: Math.ceil(total / 20),
    per_page: 20,
    total_count: total,
    unread_count: unread,
  };
}

// A thread with the campaign step and the lead's answer (its quoted part folded).
export function makeDetail(thread: ThreadSummary = makeThread()): ThreadDetail {
  return {
    thread,
    messages: [
      makeMessage(),
      makeMessage({
        id: 'msg-2',
        direction: 'in',
        kind: 'reply',
        from: { email: thread.lead.email, name: thread.lead.name },
        to: [{ email: 'sender1@acme.com', name: 'Sender 1' }],
        subject: `Re: ${thread.subject}`,
        text: 'Sounds interesting, tell me more',
        quoted_text: '> Hi Bob, would you like a demo?',
        date: '2026-03-02T09:15:00.000Z',
      }),
    ],
    notes: [{ id: 'note-1', text: 'Met at the fair', created: '2026-02-20T10:00:00.000Z' }],
  };
}

export function campaignChoices() {
  return {
    campaigns: [
      { id: 'camp-1', name: 'Spring launch', paused_reason: null },
      { id: 'camp-2', name: 'Founders', paused_reason: null },
    ],
    page: 1,
    pages: 1,
    per_page: 100,
    total_count: 2,
  };
}

// Serves the list (one page of the kept threads, whatever the filters: tests read the query),
// the details, PATCH, POST /send-emails and notes.
export function serveUnibox(server: FakeServer, details: ThreadDetail[]) {
  const kept = new Map(details.map((detail) => [detail.thread.id, structuredClone(detail)]));
  const summaries = () => [...kept.values()].map((detail) => detail.thread);
  server.on('GET /api/mail/unibox/threads', () => {
    const threads = summaries();
    return {
      body: threadPage(threads, { unread: threads.filter((thread) => thread.unread).length }),
    };
  });
  server.on('GET /api/mail/campaigns/list', { body: campaignChoices() });
  server.on('GET /api/mail/mailboxes/list', {
    body: mailboxPage([makeMailbox(1), makeMailbox(2)]),
  });
  for (const id of kept.keys()) {
    server.on(`GET /api/mail/unibox/threads/${id}`, () => ({ body: kept.get(id) }));
    server.on(`PATCH /api/mail/unibox/threads/${id}`, (request: FakeRequest) => {
      const detail = kept.get(id) as ThreadDetail;
      detail.thread = { ...detail.thread, ...(request.body as { unread: boolean }) };
      return { body: detail.thread };
    });
  }
  return {
    detail: (id: string) => kept.get(id) as ThreadDetail,
  };
}
