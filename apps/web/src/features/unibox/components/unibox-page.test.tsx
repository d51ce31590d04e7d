import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, type FakeServer } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { logInWithMail } from '../../campaigns/campaigns.test-kit.ts';
import { makeDetail, makeThread, serveUnibox, threadPage } from '../unibox.test-kit.ts';
import { uniboxTexts } from '../unibox-messages.ts';

function openUnibox(url = '/unibox', details = [makeDetail()]) {
  const server = createFakeServer({});
  logInWithMail(server);
  const unibox = serveUnibox(server, details);
  return { server, unibox, ...renderApp(url) };
}

const conversations = () => screen.getByRole('list', { name: 'Conversations' });
// The list's requests (the sidebar badge asks a page of one).
const threadQueries = (server: FakeServer) =>
  server
    .requestsTo('GET /api/mail/unibox/threads')
    .map((request) => request.query)
    .filter((query) => query.get('count') === '20');
const lastQuery = (server: FakeServer) => threadQueries(server).at(-1);

describe('Unibox list', () => {
  it('shows each conversation: lead, subject, snippet, campaign, mailbox, status and date', async () => {
    openUnibox('/unibox', [
      makeDetail(makeThread({ unread: true })),
      makeDetail(
        makeThread({
          id: 'thread-2',
          subject: 'Out of office',
          snippet: 'I am away until Monday',
          lead: { email: 'eve@initech.com', name: '', customer_id: 'cust-2' },
          campaign: null,
          status: 'auto_reply',
          last_message_at: '2025-12-31T23:30:00.000Z',
        }),
      ),
    ]);
    const first = await screen.findByRole('listitem', { name: 'Bob Stone: Quick question' });
    const row = within(first);
    expect(row.getByText('bob@globex.com')).toBeInTheDocument();
    expect(row.getByText('Sounds interesting, tell me more')).toBeInTheDocument();
    expect(row.getByText('Spring launch · sender1@acme.com')).toBeInTheDocument();
    expect(row.getByText('Replied')).toBeInTheDocument();
    expect(row.getByText('Unread')).toBeInTheDocument();
    expect(row.getByText('02.03.2026')).toBeInTheDocument();
    const second = within(screen.getByRole('listitem', { name: 'eve@initech.com: Out of office' }));
    expect(second.getByText('Auto-reply')).toBeInTheDocument();
    expect(second.queryByText('Unread')).not.toBeInTheDocument();
    expect(second.getByText('31.12.2025')).toBeInTheDocument();
    expect(screen.getByText(uniboxTexts.pickThread)).toBeInTheDocument();
  });

  it('asks the threads with each filter, keeps them in the URL and starts on page 1', async () => {
    const { server, user, location } = openUnibox('/unibox?page=2');
    server.on('GET /api/mail/unibox/threads', {
      body: threadPage([makeThread()], { page: 2, total: 45 }),
    });
    await screen.findByRole('list', { name: 'Conversations' });
    expect(lastQuery(server)?.toString()).toBe('page=2&count=20');

    await user.click(screen.getByRole('tab', { name: 'Replied' }));
    await waitFor(() => expect(lastQuery(server)?.get('status')).toBe('replied'));
    expect(lastQuery(server)?.get('page')).toBe('1');

    await user.click(screen.getByRole('combobox', { name: 'Campaign' }));
    await user.click(await screen.findByRole('option', { name: 'Founders', hidden: true }));
    await waitFor(() => expect(lastQuery(server)?.get('campaign_id')).toBe('camp-2'));

    await user.click(screen.getByRole('combobox', { name: 'Mailbox' }));
    await user.click(await screen.findByRole('option', { name: 'sender2@acme.com', hidden: true }));
    await waitFor(() => expect(lastQuery(server)?.get('mailbox_id')).toBe('mb-2'));

    await user.click(screen.getByRole('switch', { name: 'Unread only' }));
    await waitFor(() => expect(lastQuery(server)?.get('unread')).toBe('true'));

    await user.type(screen.getByRole('textbox', { name: 'Search conversations' }), 'globex');
    await waitFor(() => expect(lastQuery(server)?.get('key')).toBe('globex'));
    // The search waits for the last key press: one request for the whole word.
    expect(threadQueries(server).filter((query) => query.has('key'))).toHaveLength(1);

    expect(location()).toBe(
      '/unibox?status=replied&campaign_id=camp-2&mailbox_id=mb-2&unread=true&key=globex',
    );
    await user.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(lastQuery(server)?.has('status')).toBe(false));
  });

  it('opened with filters in the URL (a reload) shows and asks the same filters', async () => {
    const { server } = openUnibox(
      '/unibox?status=bounced&campaign_id=camp-2&unread=true&key=bob&page=2',
    );
    server.on('GET /api/mail/unibox/threads', {
      body: threadPage([makeThread()], { page: 2, total: 45 }),
    });
    await screen.findByRole('list', { name: 'Conversations' });
    expect(lastQuery(server)?.toString()).toBe(
      'page=2&count=20&status=bounced&campaign_id=camp-2&unread=true&key=bob',
    );
    expect(screen.getByRole('tab', { name: 'Bounced' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('switch', { name: 'Unread only' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Search conversations' })).toHaveValue('bob');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Campaign' })).toHaveValue('Founders'),
    );
  });

  it('the search box follows the URL when it changes from elsewhere (Back)', async () => {
    const { router } = openUnibox('/unibox?key=bob');
    await screen.findByRole('list', { name: 'Conversations' });
    const box = screen.getByRole('textbox', { name: 'Search conversations' });
    expect(box).toHaveValue('bob');
    await act(() => router.navigate('/unibox?key=ann'));
    expect(box).toHaveValue('ann');
    await act(() => router.navigate('/unibox'));
    expect(box).toHaveValue('');
  });

  it('pages 20 conversations at a time with the total', async () => {
    const { server, user } = openUnibox();
    const threads = Array.from({ length: 20 }, (_, index) =>
      makeThread({ id: `t-${index}`, subject: `Subject ${index}` }),
    );
    server.on('GET /api/mail/unibox/threads', (request) => ({
      body: threadPage(threads, { page: Number(request.query.get('page')), total: 45 }),
    }));
    await screen.findByRole('list', { name: 'Conversations' });
    expect(within(conversations()).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText('Showing 1-20 of 45 results')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Showing 41-45 of 45 results')).toBeInTheDocument();
    expect(lastQuery(server)?.get('page')).toBe('3');
  });

  it('a page past the end moves to the last page with conversations, in the URL too', async () => {
    const { server, location } = openUnibox('/unibox?page=2&status=replied');
    const threads = Array.from({ length: 20 }, (_, index) =>
      makeThread({ id: `t-${index}`, subject: `Subject ${index}` }),
    );
    server.on('GET /api/mail/unibox/threads', (request) => {
      const page = Number(request.query.get('page'));
      return { body: threadPage(page === 1 ? threads : [], { page, total: 20 }) };
    });
    expect(await screen.findByText('Showing 1-20 of 20 results')).toBeInTheDocument();
    expect(within(conversations()).getAllByRole('listitem')).toHaveLength(20);
    expect(location()).toBe('/unibox?status=replied');
    expect(lastQuery(server)?.toString()).toBe('page=1&count=20&status=replied');
  });

  it('says when there are no conversations, and when none match the filters', async () => {
    const { server, user } = openUnibox('/unibox', []);
    server.on('GET /api/mail/unibox/threads', { body: threadPage([]) });
    expect(await screen.findByText(uniboxTexts.emptyInbox)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Bounced' }));
    expect(await screen.findByText(uniboxTexts.noMatches)).toBeInTheDocument();
  });
});
