import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeServer, type FakeServer } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { logIn } from '../../../test/session-fixtures.ts';
import { bulkItem } from '../../bulk/bulk.test-kit.ts';
import type { HistoryRow } from '../history-row.ts';
import { firstStepsDismissedKey } from '../use-first-steps.ts';

// The widget's own code stays out of jsdom.
vi.mock('altcha', () => ({}));

const search: HistoryRow = {
  _id: 'h1',
  query: { firstName: 'Ann', lastName: 'Lee', companyWebsite: 'acme.com' },
  result: { exactEmail: 'ann@acme.com', exactEmailScore: 99 },
  error: null,
  evidence: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};

const mailbox = {
  id: 'm1',
  status: 'active',
  status_message: null,
  email: 'ann@acme.com',
  name: 'Ann',
  description: null,
  smtp_host: 'smtp.acme.com',
  smtp_port: 587,
  imap_host: 'imap.acme.com',
  imap_port: 993,
  emails_limit: 50,
  min_email_gap: 60,
  max_email_gap: 120,
};

function page<T>(items: T[]) {
  return {
    body: { items, currentPage: 1, totalPages: items.length > 0 ? 1 : 0, totalItems: items.length },
  };
}

// What the server holds for a user who has done some of the steps.
function serve(
  server: FakeServer,
  held: { searches?: HistoryRow[]; bulk?: number; mailboxes?: number; mail?: boolean },
) {
  logIn(server, { user: { properties: { sections: held.mail ? ['mail'] : [] } } });
  server.on('GET /api/search-history/single', page(held.searches ?? []));
  server.on(
    'GET /api/search-history/bulk',
    page(Array.from({ length: held.bulk ?? 0 }, (_, index) => bulkItem(`b${index}`))),
  );
  const boxes = Array.from({ length: held.mailboxes ?? 0 }, () => mailbox);
  server.on('GET /api/mail/mailboxes/list', {
    body: { mailboxes: boxes, page: 1, pages: 1, per_page: 10, total_count: boxes.length },
  });
}

const checklist = () => screen.findByRole('region', { name: 'Get started' });
const stepOf = (list: HTMLElement, label: string) =>
  within(list).getByRole('link', { name: label }).closest('li');

describe('first steps after sign-up (the checklist on the first screen)', () => {
  it('shows a new user what to do first, in place of the empty history', async () => {
    serve(createFakeServer(), {});
    renderApp('/search/single');
    const list = await checklist();
    expect(within(list).getByText('0 of 2 done')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Verify your first address' })).toHaveAttribute(
      'href',
      '/search/single',
    );
    expect(within(list).getByRole('link', { name: 'Run a bulk list' })).toHaveAttribute(
      'href',
      '/search/bulk',
    );
    // Mailboxes belong to the mail section: this user has none.
    expect(within(list).queryByRole('link', { name: 'Connect a mailbox' })).toBeNull();
    expect(screen.queryByText('Your searches will show here.')).toBeNull();
  });

  it('marks each step done from what the server holds', async () => {
    serve(createFakeServer(), { searches: [search], mail: true });
    renderApp('/search/single');
    const list = await checklist();
    await waitFor(() => expect(within(list).getByText('1 of 3 done')).toBeInTheDocument());
    expect(stepOf(list, 'Verify your first address')).toHaveTextContent('done');
    expect(stepOf(list, 'Verify your first address')).toHaveAttribute('data-done', 'true');
    expect(stepOf(list, 'Run a bulk list')).toHaveTextContent('to do');
    expect(within(list).getByRole('link', { name: 'Connect a mailbox' })).toHaveAttribute(
      'href',
      '/sender-list',
    );
    expect(stepOf(list, 'Connect a mailbox')).toHaveTextContent('to do');
  });

  it('disappears once every step is done', async () => {
    const server = createFakeServer();
    serve(server, { searches: [search], bulk: 1, mailboxes: 1, mail: true });
    const { queryClient } = renderApp('/search/single');
    await screen.findByRole('table', { name: 'Search history' });
    // Every answer is in (the mailboxes' last), so the checklist has decided.
    await waitFor(() => {
      expect(server.requestsTo('GET /api/mail/mailboxes/list').length).toBeGreaterThan(0);
      expect(queryClient.isFetching()).toBe(0);
    });
    expect(screen.queryByRole('region', { name: 'Get started' })).toBeNull();
  });

  it('can be dismissed, and stays dismissed for this user', async () => {
    serve(createFakeServer(), {});
    const { user, unmount } = renderApp('/search/single');
    await user.click(
      within(await checklist()).getByRole('button', { name: 'Dismiss the checklist' }),
    );
    expect(screen.queryByRole('region', { name: 'Get started' })).toBeNull();
    expect(localStorage.getItem(firstStepsDismissedKey('user-1'))).toBe('true');
    unmount();
    renderApp('/search/single');
    expect(await screen.findByText('Your searches will show here.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Get started' })).toBeNull();
  });

  it('is not shown to a guest', async () => {
    const server = createFakeServer();
    server.on('GET /api/search-history/single', page([]));
    renderApp('/search/single');
    expect(await screen.findByRole('heading', { name: 'Single Search' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Get started' })).toBeNull();
    expect(server.requestsTo('GET /api/search-history/bulk')).toHaveLength(0);
  });
});
