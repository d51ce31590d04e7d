import { companyMessages, type LookalikeItem } from '@mailhound/contracts';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createFakeServer, errorBody, type FakeServer } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { logIn } from '../../../test/session-fixtures.ts';
import { resetTabVisibility, setTabHidden, stubUploads } from '../../bulk/bulk.test-kit.ts';
import {
  logInPaid,
  lookalikeItem,
  processingLookalike,
  stubLookalikeStreams,
} from '../lookalike.test-kit.ts';
import { lookalikeUploadMessages } from '../lookalike-item.ts';
import { LookAlikePage } from './look-alike-page.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  resetTabVisibility();
});

function serveHistory(server: FakeServer, items: () => LookalikeItem[], totalPages = 1) {
  server.on('GET /api/search-history/lookalike', (request) => ({
    body: {
      items: items(),
      currentPage: Number(request.query.get('page')),
      totalPages,
      totalItems: items().length,
    },
  }));
}

const historyTable = () => screen.findByRole('table', { name: 'Look-alike history' });

async function rowOf(fileName: string) {
  const table = await historyTable();
  const cell = await within(table).findByText(fileName);
  const row = cell.closest('tr');
  if (row === null) throw new Error(`no row for ${fileName}`);
  return within(row);
}

describe('look-alike page (product-spec §2 "Look-alike")', () => {
  it('shows the searches available from the balance', async () => {
    const server = createFakeServer();
    logInPaid(server);
    serveHistory(server, () => [lookalikeItem('one')]);
    renderApp('/look-alike');
    expect(await screen.findByText('Searches available: 10')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Look-Alike' })).toBeInTheDocument();
  });

  it('shows each item with its status, totalCount and a Preview button', async () => {
    const server = createFakeServer();
    logInPaid(server);
    stubLookalikeStreams();
    serveHistory(server, () => [
      processingLookalike('running'),
      lookalikeItem('found', { result: { totalCount: 42, recognised: 3 } }),
      lookalikeItem('none', { result: { totalCount: 0, recognised: 2 } }),
      lookalikeItem('broken', { status: 'error', result: null, error: 'Worker crashed' }),
    ]);
    renderApp('/look-alike');

    const running = await rowOf('running.csv');
    expect(running.getByText('Processing')).toBeInTheDocument();
    expect(running.getByText('Searching for similar companies…')).toBeInTheDocument();
    expect(running.getByRole('button', { name: 'Preview' })).toBeDisabled();

    const found = await rowOf('found.csv');
    expect(found.getByText('Success')).toBeInTheDocument();
    expect(found.getByText('42 similar companies found')).toBeInTheDocument();
    expect(found.getByText(/3 companies · 01\.03\.2025 10:00 UTC$/)).toBeInTheDocument();
    expect(found.queryByText(/recognised/)).toBeNull();
    expect(found.getByRole('link', { name: 'Preview' })).toHaveAttribute(
      'href',
      '/look-alike/preview/found',
    );

    const none = await rowOf('none.csv');
    expect(none.getByText('Empty')).toBeInTheDocument();
    expect(none.getByText('No similar companies found')).toBeInTheDocument();
    // One of the three listed companies was not in the database: only two were compared.
    expect(none.getByText(/2 of 3 companies recognised/)).toBeInTheDocument();
    expect(none.getByRole('link', { name: 'Preview' })).toBeInTheDocument();

    const broken = await rowOf('broken.csv');
    expect(broken.getByText('Error')).toBeInTheDocument();
    expect(broken.getByText('Look-alike search failed')).toHaveAttribute('title', 'Worker crashed');
    expect(broken.getByRole('button', { name: 'Preview' })).toBeDisabled();
  });

  it('asks 10 items a page and keeps the page in the address', async () => {
    const server = createFakeServer();
    logInPaid(server);
    serveHistory(server, () => [lookalikeItem('one')], 3);
    const app = renderApp('/look-alike');
    await rowOf('one.csv');
    expect(server.requestsTo('GET /api/search-history/lookalike')[0]?.query.toString()).toBe(
      'page=1&perPage=10',
    );
    await app.user.click(
      within(screen.getByRole('navigation', { name: 'Look-alike history pages' })).getByRole(
        'button',
        { name: '2' },
      ),
    );
    await waitFor(() => expect(app.location()).toBe('/look-alike?page=2'));
    await waitFor(() =>
      expect(server.requestsTo('GET /api/search-history/lookalike').at(-1)?.query.get('page')).toBe(
        '2',
      ),
    );
  });

  it('turns a page past the end (an old address) to the last page', async () => {
    const server = createFakeServer();
    logInPaid(server);
    server.on('GET /api/search-history/lookalike', (request) => {
      const page = Number(request.query.get('page'));
      return {
        body: {
          items: page === 2 ? [lookalikeItem('last')] : [],
          currentPage: page,
          totalPages: 2,
          totalItems: 11,
        },
      };
    });
    const app = renderApp('/look-alike?page=9');
    expect(await rowOf('last.csv')).toBeTruthy();
    expect(app.location()).toBe('/look-alike?page=2');
  });

  it('invites an upload when the history is empty', async () => {
    const server = createFakeServer();
    logInPaid(server);
    serveHistory(server, () => []);
    const app = renderApp('/look-alike');
    expect(await screen.findByText('Upload your list')).toBeInTheDocument();
    expect(screen.getByText('Find out how many similar accounts we can find')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Look-Alike' })).toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'Upload List Now' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Look-Alike' });
    // The close cross has a name a screen reader can say, and closes the modal.
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'New Look-Alike' })).toBeNull(),
    );
  });

  it('sends a user on the free plan to the upsell page', async () => {
    const server = createFakeServer();
    logIn(server);
    server.on('GET /api/checkout/plans/list', { body: [] });
    const app = renderApp('/look-alike');
    await waitFor(() => expect(app.location()).toBe('/look-alike/restricted'));
    expect(server.requestsTo('GET /api/search-history/lookalike')).toHaveLength(0);
  });

  it('sends a guest clicking New to sign up, without asking for a history', async () => {
    const server = createFakeServer();
    const router = createMemoryRouter(
      [
        { path: '/look-alike', element: <LookAlikePage /> },
        { path: '/signup', element: <p>Sign up here</p> },
      ],
      { initialEntries: ['/look-alike'] },
    );
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={new QueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await user.click(await screen.findByRole('button', { name: 'Upload List Now' }));
    expect(await screen.findByText('Sign up here')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
    expect(server.requestsTo('GET /api/search-history/lookalike')).toHaveLength(0);
  });
});

describe('live progress (api-spec §4: the look-alike stream)', () => {
  it('follows a processing item to its result, then refreshes the balance', async () => {
    const server = createFakeServer();
    const { token } = logInPaid(server);
    const fetchStub = stubLookalikeStreams();
    let items = [processingLookalike('r1')];
    serveHistory(server, () => items);
    renderApp('/look-alike');
    const row = await rowOf('r1.csv');

    await waitFor(() => expect(fetchStub.streamsFor('r1')).toHaveLength(1));
    const stream = fetchStub.streamsFor('r1')[0]!;
    expect(stream.headers.get('accept')).toBe('text/event-stream');
    expect(stream.headers.get('Authorization')).toBe(token);

    stream.send(processingLookalike('r1'));
    const balanceCalls = server.requestsTo('GET /api/auth/user/balance').length;
    const done = lookalikeItem('r1', { result: { totalCount: 7 } });
    items = [done];
    stream.send(done);
    expect(await row.findByText('7 similar companies found')).toBeInTheDocument();
    expect(row.getByText('Success')).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Preview' })).toBeInTheDocument();
    await waitFor(() =>
      expect(server.requestsTo('GET /api/auth/user/balance').length).toBeGreaterThan(balanceCalls),
    );
    await waitFor(() => expect(stream.signal?.aborted).toBe(true));
  });

  it('keeps following while the tab is hidden', async () => {
    const server = createFakeServer();
    logInPaid(server);
    const fetchStub = stubLookalikeStreams();
    serveHistory(server, () => [processingLookalike('r1')]);
    renderApp('/look-alike');
    const row = await rowOf('r1.csv');
    await waitFor(() => expect(fetchStub.streamsFor('r1')).toHaveLength(1));

    setTabHidden(true);
    const stream = fetchStub.streamsFor('r1')[0]!;
    expect(stream.signal?.aborted).toBe(false);
    stream.send(lookalikeItem('r1', { result: { totalCount: 0 } }));
    expect(await row.findByText('No similar companies found')).toBeInTheDocument();
    expect(fetchStub.streamsFor('r1')).toHaveLength(1);
  });

  it('does not follow items already finished, and stops when the page is left', async () => {
    const server = createFakeServer();
    logInPaid(server);
    const fetchStub = stubLookalikeStreams();
    serveHistory(server, () => [lookalikeItem('done'), processingLookalike('r1')]);
    const app = renderApp('/look-alike');
    await rowOf('done.csv');
    await waitFor(() => expect(fetchStub.streamsFor('r1')).toHaveLength(1));
    expect(fetchStub.streamsFor('done')).toHaveLength(0);
    app.unmount();
    expect(fetchStub.streamsFor('r1')[0]?.signal?.aborted).toBe(true);
  });
});

describe('upload modal', () => {
  const csv = () =>
    new File(['Company\nacme.com\nglobex.com\n'], 'accounts.csv', { type: 'text/csv' });

  async function openUpload(app: ReturnType<typeof renderApp>) {
    await app.user.click(await screen.findByRole('button', { name: 'New Look-Alike' }));
    return within(await screen.findByRole('dialog', { name: 'New Look-Alike' }));
  }

  it('uploads the file with a real progress bar, then shows the new item on page 1', async () => {
    const server = createFakeServer();
    const { token } = logInPaid(server);
    stubLookalikeStreams();
    const uploads = stubUploads();
    let items = [lookalikeItem('old')];
    serveHistory(server, () => items, 2);
    const app = renderApp('/look-alike?page=2');
    const modal = await openUpload(app);

    await app.user.upload(modal.getByLabelText('Choose a file'), csv());
    expect(modal.getByText('accounts.csv')).toBeInTheDocument();
    await app.user.click(modal.getByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(uploads).toHaveLength(1));
    const upload = uploads[0]!;
    expect(upload.method).toBe('POST');
    expect(upload.url).toBe('/api/lookalike');
    expect(upload.headers.Authorization).toBe(token);
    expect((upload.body!.get('file') as File).name).toBe('accounts.csv');

    upload.progress(30, 100);
    await waitFor(() =>
      expect(modal.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
        'aria-valuenow',
        '30',
      ),
    );
    expect(modal.getByText('Uploaded 30%')).toBeInTheDocument();

    const balanceCalls = server.requestsTo('GET /api/auth/user/balance').length;
    const created = processingLookalike('new');
    items = [created, ...items];
    upload.respond(201, created);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.location()).toBe('/look-alike?page=1');
    expect((await rowOf('new.csv')).getByText('Processing')).toBeInTheDocument();
    // The upload spent a lead search.
    await waitFor(() =>
      expect(server.requestsTo('GET /api/auth/user/balance').length).toBeGreaterThan(balanceCalls),
    );
  });

  it('takes a file dropped on the drop zone', async () => {
    const server = createFakeServer();
    logInPaid(server);
    const uploads = stubUploads();
    serveHistory(server, () => [lookalikeItem('old')]);
    const app = renderApp('/look-alike');
    const modal = await openUpload(app);
    fireEvent.drop(modal.getByTestId('lookalike-dropzone'), {
      dataTransfer: { files: [csv()] },
    });
    expect(await modal.findByText('accounts.csv')).toBeInTheDocument();
    await app.user.click(modal.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
  });

  it('cancels an upload under way, keeping the modal open', async () => {
    const server = createFakeServer();
    logInPaid(server);
    const uploads = stubUploads();
    serveHistory(server, () => [lookalikeItem('old')]);
    const app = renderApp('/look-alike');
    const modal = await openUpload(app);
    await app.user.upload(modal.getByLabelText('Choose a file'), csv());
    await app.user.click(modal.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    await app.user.click(modal.getByRole('button', { name: 'Cancel' }));
    expect(uploads[0]?.aborted).toBe(true);
    await waitFor(() => expect(modal.queryByRole('button', { name: 'Cancel' })).toBeNull());
    expect(modal.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'New Look-Alike' })).toBeInTheDocument();
  });

  it('says no lead searches are left on a 402, with a way to upgrade', async () => {
    const server = createFakeServer();
    logInPaid(server);
    const uploads = stubUploads();
    serveHistory(server, () => [lookalikeItem('old')]);
    const app = renderApp('/look-alike');
    const modal = await openUpload(app);
    await app.user.upload(modal.getByLabelText('Choose a file'), csv());
    await app.user.click(modal.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    uploads[0]?.respond(402, { message: companyMessages.noLeadSearches });
    expect(await modal.findByText(companyMessages.noLeadSearches)).toBeInTheDocument();
    expect(modal.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/purchase');
  });

  it('sends the user to the upsell page when the plan ended meanwhile (403)', async () => {
    const server = createFakeServer();
    const { user } = logInPaid(server);
    server.on('GET /api/checkout/plans/list', { body: [] });
    const uploads = stubUploads();
    serveHistory(server, () => [lookalikeItem('old')]);
    const app = renderApp('/look-alike');
    const modal = await openUpload(app);
    await app.user.upload(modal.getByLabelText('Choose a file'), csv());
    await app.user.click(modal.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    server.on('GET /api/auth/user', {
      body: { ...user, plan: { name: 'Free', is_default: true } },
    });
    uploads[0]?.respond(403, { message: 'Look-alike search needs a paid plan.' });
    await waitFor(() => expect(app.location()).toBe('/look-alike/restricted'));
  });

  it('shows the server’s reason when it refuses the file', async () => {
    const server = createFakeServer();
    logInPaid(server);
    const uploads = stubUploads();
    serveHistory(server, () => [lookalikeItem('old')]);
    const app = renderApp('/look-alike');
    const modal = await openUpload(app);
    await app.user.upload(modal.getByLabelText('Choose a file'), csv());
    await app.user.click(modal.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    const reason = 'No company in the file was recognised.';
    uploads[0]?.progress(100, 100);
    expect(await modal.findByText('Uploaded 100%')).toBeInTheDocument();
    uploads[0]?.respond(400, errorBody(400, reason).body);
    expect(await modal.findByText(reason)).toBeInTheDocument();
    expect(modal.queryByText(/Uploaded \d+%/)).toBeNull();
  });

  it('refuses a file that is not CSV, XLSX or TXT before sending it', async () => {
    const server = createFakeServer();
    logInPaid(server);
    const uploads = stubUploads();
    serveHistory(server, () => [lookalikeItem('old')]);
    const app = renderApp('/look-alike');
    const modal = await openUpload(app);
    const input = modal.getByLabelText('Choose a file');
    // The picker's filter is only a hint: a forced file still gets checked.
    input.removeAttribute('accept');
    await app.user.upload(input, new File(['%PDF'], 'accounts.pdf', { type: 'application/pdf' }));
    expect(await modal.findByText(lookalikeUploadMessages.wrongType)).toBeInTheDocument();
    expect(modal.getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(uploads).toHaveLength(0);
  });
});
