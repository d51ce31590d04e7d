import { bulkMessages } from '@mailhound/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeServer, errorBody } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { bulkItem, processingItem } from '../../bulk/bulk.test-kit.ts';
import {
  answerResultFilesAsCsv,
  endBlock,
  logInWithMail,
  makeList,
  progressBlock,
  stubCreateStream,
} from '../contacts.test-kit.ts';

const foundCsv = [
  'First Name,Last Name,Company Website,Email,Score,Status',
  'Ann,Lee,acme.com,ann@acme.com,99,valid',
  ',Stone,acme.com,bob@acme.com,95,valid',
  ',,acme.com,nobody@acme.com,60,risky',
].join('\n');

const history = {
  items: [
    bulkItem('req-1', {
      input: { fileName: 'leads.csv', length: 3, hasInputFile: true },
      // Two verified addresses, one of them paid for in another search: one credit to pay.
      result: { successCount: 3, verifiedCount: 2, hasMultipleFiles: false, credits: 1 },
      createdAt: '2026-02-03T10:00:00.000Z',
    }),
    bulkItem('req-2', {
      input: { fileName: 'paid.csv', length: 40, hasInputFile: true },
      result: { successCount: 30, verifiedCount: 25, hasMultipleFiles: false, credits: 0 },
      purchases: [{ id: 'p-1', credits: 25, createdAt: '2026-02-02T10:00:00.000Z' }],
      createdAt: '2026-02-02T10:00:00.000Z',
    }),
    processingItem('req-3', 10),
    bulkItem('req-4', {
      input: { fileName: 'nothing.csv', length: 5, hasInputFile: true },
      result: { successCount: 0, verifiedCount: 0, hasMultipleFiles: false, credits: 0 },
    }),
  ],
  currentPage: 1,
  totalPages: 2,
  totalItems: 14,
};

function mailServer() {
  const server = createFakeServer({
    'GET /api/search-history/bulk': { body: history },
    'GET /api/file/req-1/result/success': { body: foundCsv },
    'GET /api/mail/customers/create-or-update/op-1': {
      body: {
        data: [
          { id: 'c-1', email: 'ann@acme.com', fname: 'Ann', lname: 'Lee' },
          { id: 'c-2', email: 'bob@acme.com', fname: '', lname: 'Stone' },
        ],
        skipped: 0,
      },
    },
    'POST /api/mail/groups': { status: 201, body: makeList(7, { id: 'list-7' }) },
    'GET /api/mail/groups/list-7/extended': {
      body: {
        group: makeList(7, { name: 'Founders' }),
        columns: [],
        customers: [],
        page: 1,
        pages: 0,
        per_page: 10,
        total_count: 0,
      },
    },
  });
  answerResultFilesAsCsv();
  logInWithMail(server);
  return server;
}

const source = { pathname: '/contacts/contacts-source', state: { name: 'Founders' } };

async function openBulkSource() {
  const app = renderApp(source);
  await app.user.click(await screen.findByText('From Bulk Results'));
  return app;
}

describe('create list from bulk results in the source step (product-spec §2, §4)', () => {
  it('lists completed bulk searches with found e-mails: file name, emails found, date, cost', async () => {
    const server = mailServer();
    await openBulkSource();
    const leads = await screen.findByRole('radio', { name: 'leads.csv' });
    expect(leads).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'paid.csv' })).toBeInTheDocument();
    // Still running or nothing found: nothing to make a list of.
    expect(screen.queryByRole('radio', { name: 'req-3.csv' })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'nothing.csv' })).toBeNull();
    expect(screen.getByText(/3 emails found · 03\.02\.2026/)).toBeInTheDocument();
    expect(screen.getByText('You will pay up to 1 credit(s)')).toBeInTheDocument();
    expect(screen.getByText(bulkMessages.alreadyPaid)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create List' })).toBeDisabled();
    const asked = server.requestsTo('GET /api/search-history/bulk')[0];
    expect(asked?.query.get('page')).toBe('1');
    expect(asked?.query.get('perPage')).toBe('10');
  });

  it('pages through the bulk history', async () => {
    const server = mailServer();
    const { user } = await openBulkSource();
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(server.requestsTo('GET /api/search-history/bulk').at(-1)?.query.get('page')).toBe('2'),
    );
  });

  it('creates the list from the picked search’s found e-mails with the overlay, then opens it', async () => {
    const server = mailServer();
    const stream = stubCreateStream([progressBlock(1, 2), endBlock('op-1')], { hold: true });
    const { user, location } = await openBulkSource();
    await user.click(await screen.findByRole('radio', { name: 'leads.csv' }));
    await user.click(screen.getByRole('button', { name: 'Create List' }));

    expect(await screen.findByText(bulkMessages.listCreationProgress)).toBeInTheDocument();
    expect(await screen.findByText('50%')).toBeInTheDocument();
    stream.release();
    await waitFor(() => expect(location()).toBe('/contacts/details/list-7'));
    expect(await screen.findByText('Contact list created successfully!')).toBeInTheDocument();

    expect(server.requestsTo('GET /api/file/req-1/result/success')[0]?.query.get('format')).toBe(
      'csv',
    );
    // Kept: an e-mail and at least one of first or last name.
    expect(stream.calls[0]?.body).toEqual({
      customers: [
        { email: 'ann@acme.com', fname: 'Ann', lname: 'Lee' },
        { email: 'bob@acme.com', fname: '', lname: 'Stone' },
      ],
    });
    expect(server.requestsTo('POST /api/mail/groups')[0]?.body).toEqual({
      name: 'Founders',
      customer_ids: ['c-1', 'c-2'],
    });
  });

  it('a result that cannot be read says Something went wrong, please try again later and stays', async () => {
    const server = mailServer();
    server.on('GET /api/file/req-1/result/success', errorBody(402, 'Not enough credits'));
    const { user, location } = await openBulkSource();
    await user.click(await screen.findByRole('radio', { name: 'leads.csv' }));
    await user.click(screen.getByRole('button', { name: 'Create List' }));
    expect(
      await screen.findByText('Something went wrong, please try again later'),
    ).toBeInTheDocument();
    expect(server.requestsTo('POST /api/mail/groups')).toHaveLength(0);
    expect(location()).toBe('/contacts/contacts-source');
  });

  it('says so when no bulk search has found e-mails', async () => {
    const server = mailServer();
    server.on('GET /api/search-history/bulk', { body: null });
    await openBulkSource();
    expect(
      await screen.findByText('No completed bulk search with found e-mails here.'),
    ).toBeInTheDocument();
    // Not a dead end: the way to a bulk search.
    expect(screen.getByRole('link', { name: 'Run a bulk search' })).toHaveAttribute(
      'href',
      '/search/bulk',
    );
    expect(screen.getByRole('button', { name: 'Create List' })).toBeDisabled();
  });
});
