import { type BulkItem, bulkMessages, searchMessages } from '@mailhound/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signUpReasons } from '../../../shared/session/sign-up-reason.ts';
import { createFakeServer, errorBody, type FakeServer } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { logIn } from '../../../test/session-fixtures.ts';
import {
  bulkItem,
  captureSavedFiles,
  processingItem,
  resetTabVisibility,
  setTabHidden,
  stubBulkFetch,
  stubUploads,
} from '../bulk.test-kit.ts';
import { bulkTemplateFileName, verifyTemplateFileName } from '../bulk-template.ts';
import { uploadMessages } from '../upload-rules.ts';

afterEach(() => {
  vi.restoreAllMocks();
  resetTabVisibility();
});

function serveHistory(server: FakeServer, items: () => BulkItem[], totalPages = 1) {
  server.on('GET /api/search-history/bulk', (request) => ({
    body: {
      items: items(),
      currentPage: Number(request.query.get('page')),
      totalPages,
      totalItems: items().length,
    },
  }));
}

const historyTable = () => screen.findByRole('table', { name: 'Bulk search history' });

async function rowOf(fileName: string) {
  const table = await historyTable();
  const cell = await within(table).findByText(fileName);
  const row = cell.closest('tr');
  if (row === null) throw new Error(`no row for ${fileName}`);
  return within(row);
}

describe('bulk history (product-spec §2 "Bulk search", §4 "Bulk item")', () => {
  it('shows each item with its badge, progress or result text and a Preview button', async () => {
    const server = createFakeServer();
    logIn(server);
    stubBulkFetch();
    const paid = bulkItem('paid', {
      purchases: [{ id: 'p1', credits: 120, createdAt: '2025-03-01T11:00:00.000Z' }],
    });
    const unpaid = bulkItem('unpaid', {
      result: { successCount: 12, verifiedCount: 9, hasMultipleFiles: true, credits: 9 },
    });
    const failed = bulkItem('failed', { status: 'error', result: null, error: 'Worker crashed' });
    const running_ = { ...processingItem('running', 40, 10), onHold: 6 };
    serveHistory(server, () => [running_, unpaid, paid, failed]);
    renderApp('/search/bulk');

    const running = await rowOf('running.csv');
    expect(running.getByText('Slicing')).toBeInTheDocument();
    // The credits that left the balance while the list is searched are said where they went.
    expect(running.getByText(/^On hold for this list: 6 credits/)).toBeInTheDocument();
    expect(running.getByText('25% processed')).toBeInTheDocument();
    expect(running.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(running.getByRole('button', { name: 'Preview' })).toBeDisabled();

    const found = await rowOf('unpaid.csv');
    expect(found.getByText('Unpaid')).toBeInTheDocument();
    expect(found.getByText(bulkMessages.emailsFound(12))).toBeInTheDocument();
    // Histories date their items DD.MM.YYYY HH:MM UTC, whatever the browser's zone.
    expect(found.getByText(/· 01\.03\.2025 10:00 UTC$/)).toBeInTheDocument();
    expect(found.getByRole('link', { name: 'Preview' })).toHaveAttribute(
      'href',
      '/search/bulk/preview/unpaid',
    );

    expect((await rowOf('paid.csv')).getByText('Paid')).toBeInTheDocument();

    const error = await rowOf('failed.csv');
    expect(error.getByText(bulkMessages.bulkFailed)).toBeInTheDocument();
    expect(error.getByText('Unpaid')).toBeInTheDocument();
  });

  it("names a list with only an e-mail column 'Verify emails'", async () => {
    const server = createFakeServer();
    logIn(server);
    stubBulkFetch();
    serveHistory(server, () => [
      bulkItem('emails', { kind: 'verify' }),
      { ...processingItem('checking', 40), kind: 'verify' },
      bulkItem('people'),
    ]);
    renderApp('/search/bulk');
    expect((await rowOf('emails.csv')).getByText('Verify emails')).toBeInTheDocument();
    expect((await rowOf('checking.csv')).getByText('Verify emails')).toBeInTheDocument();
    expect((await rowOf('people.csv')).queryByText('Verify emails')).toBeNull();
  });

  it('writes the badges Paid, Slicing and Unpaid as the spec does, not in capitals', async () => {
    const server = createFakeServer();
    logIn(server);
    stubBulkFetch();
    const paid = bulkItem('paid', {
      purchases: [{ id: 'p1', credits: 120, createdAt: '2025-03-01T11:00:00.000Z' }],
    });
    serveHistory(server, () => [processingItem('running', 40, 10), bulkItem('unpaid'), paid]);
    renderApp('/search/bulk');

    for (const [fileName, badge] of [
      ['running.csv', 'Slicing'],
      ['unpaid.csv', 'Unpaid'],
      ['paid.csv', 'Paid'],
    ] as const) {
      const root = (await rowOf(fileName)).getByText(badge).closest('.mantine-Badge-root');
      expect(root?.getAttribute('style')).toContain('text-transform: none');
    }
  });

  it('asks 10 items a page and keeps the page in the address', async () => {
    const server = createFakeServer();
    logIn(server);
    stubBulkFetch();
    serveHistory(server, () => [bulkItem('one')], 3);
    const app = renderApp('/search/bulk');
    await rowOf('one.csv');
    expect(server.requestsTo('GET /api/search-history/bulk')[0]?.query.toString()).toBe(
      'page=1&perPage=10',
    );

    await app.user.click(
      within(screen.getByRole('navigation', { name: 'Bulk history pages' })).getByRole('button', {
        name: '2',
      }),
    );
    await waitFor(() => expect(app.location()).toBe('/search/bulk?page=2'));
    await waitFor(() =>
      expect(server.requestsTo('GET /api/search-history/bulk').at(-1)?.query.get('page')).toBe('2'),
    );
  });

  it('opens on the page the address names', async () => {
    const server = createFakeServer();
    logIn(server);
    stubBulkFetch();
    serveHistory(server, () => [bulkItem('one')], 3);
    renderApp('/search/bulk?page=3&skipVideo=true');
    await rowOf('one.csv');
    expect(server.requestsTo('GET /api/search-history/bulk')[0]?.query.get('page')).toBe('3');
  });

  it('turns a page past the end (an old address) to the last page', async () => {
    const server = createFakeServer();
    logIn(server);
    stubBulkFetch();
    server.on('GET /api/search-history/bulk', (request) => {
      const page = Number(request.query.get('page'));
      return {
        body: {
          items: page === 2 ? [bulkItem('last')] : [],
          currentPage: page,
          totalPages: 2,
          totalItems: 11,
        },
      };
    });
    const app = renderApp('/search/bulk?page=9&skipVideo=true');
    await rowOf('last.csv');
    expect(app.location()).toBe('/search/bulk?page=2&skipVideo=true');
  });

  it('sends a guest to sign up and back here, without asking for a history', async () => {
    const server = createFakeServer();
    const app = renderApp('/search/bulk');
    await app.user.click(await screen.findByRole('button', { name: 'Upload List Now' }));
    await waitFor(() => expect(app.location()).toBe('/signup?redirectUrl=%2Fsearch%2Fbulk'));
    expect(await screen.findByText(signUpReasons.bulk)).toBeVisible();
    expect(server.requestsTo('GET /api/search-history/bulk')).toHaveLength(0);
  });

  it('offers the tutorial video on an empty history, unless skipVideo', async () => {
    const server = createFakeServer();
    logIn(server);
    serveHistory(server, () => []);
    const first = renderApp('/search/bulk');
    expect(await screen.findByRole('button', { name: 'Upload List Now' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Watch the tutorial video' })).toBeInTheDocument();
    first.unmount();
    renderApp('/search/bulk?page=1&skipVideo=true');
    await screen.findByRole('button', { name: 'Upload List Now' });
    expect(screen.queryByRole('link', { name: 'Watch the tutorial video' })).toBeNull();
  });
});

describe('live progress (api-spec §4 "Bulk detail stream")', () => {
  it('follows a processing item: each update shows, the final one ends it and refreshes the balance', async () => {
    const server = createFakeServer();
    const { token } = logIn(server);
    const fetchStub = stubBulkFetch();
    let items = [processingItem('r1', 10)];
    serveHistory(server, () => items);
    renderApp('/search/bulk');
    const row = await rowOf('r1.csv');
    expect(row.getByText('5% processed')).toBeInTheDocument();

    await waitFor(() => expect(fetchStub.streamsFor('r1')).toHaveLength(1));
    const stream = fetchStub.streamsFor('r1')[0]!;
    expect(stream.headers.get('accept')).toBe('text/event-stream');
    expect(stream.headers.get('Authorization')).toBe(token);

    stream.send(processingItem('r1', 80, 20));
    expect(await row.findByText('50% processed')).toBeInTheDocument();

    const balanceCalls = server.requestsTo('GET /api/auth/user/balance').length;
    const done = bulkItem('r1', {
      result: { successCount: 180, verifiedCount: 150, hasMultipleFiles: true, credits: 150 },
    });
    items = [done];
    stream.send(done);
    expect(await row.findByText(bulkMessages.emailsFound(180))).toBeInTheDocument();
    expect(row.getByText('Unpaid')).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Preview' })).toBeInTheDocument();
    await waitFor(() =>
      expect(server.requestsTo('GET /api/auth/user/balance').length).toBeGreaterThan(balanceCalls),
    );
    await waitFor(() => expect(stream.signal?.aborted).toBe(true));
  });

  it('does not follow items already finished', async () => {
    const server = createFakeServer();
    logIn(server);
    const fetchStub = stubBulkFetch();
    serveHistory(server, () => [bulkItem('done')]);
    renderApp('/search/bulk');
    await rowOf('done.csv');
    expect(fetchStub.streams).toHaveLength(0);
  });

  it('pauses the stream while the tab is hidden and resumes it when shown', async () => {
    const server = createFakeServer();
    logIn(server);
    const fetchStub = stubBulkFetch();
    serveHistory(server, () => [processingItem('r1', 10)]);
    renderApp('/search/bulk');
    const row = await rowOf('r1.csv');
    await waitFor(() => expect(fetchStub.streamsFor('r1')).toHaveLength(1));

    setTabHidden(true);
    expect(fetchStub.streamsFor('r1')[0]?.signal?.aborted).toBe(true);
    expect(fetchStub.streamsFor('r1')).toHaveLength(1);

    setTabHidden(false);
    await waitFor(() => expect(fetchStub.streamsFor('r1')).toHaveLength(2));
    fetchStub.streamsFor('r1')[1]?.send(processingItem('r1', 120));
    expect(await row.findByText('60% processed')).toBeInTheDocument();
  });

  it('cancels the stream when the page is left', async () => {
    const server = createFakeServer();
    logIn(server);
    const fetchStub = stubBulkFetch();
    serveHistory(server, () => [processingItem('r1', 10)]);
    const app = renderApp('/search/bulk');
    await rowOf('r1.csv');
    await waitFor(() => expect(fetchStub.streamsFor('r1')).toHaveLength(1));
    app.unmount();
    expect(fetchStub.streamsFor('r1')[0]?.signal?.aborted).toBe(true);
  });

  it('opens the stream again when it ends before the final state', async () => {
    const server = createFakeServer();
    logIn(server);
    const fetchStub = stubBulkFetch();
    serveHistory(server, () => [processingItem('r1', 10)]);
    renderApp('/search/bulk');
    await rowOf('r1.csv');
    await waitFor(() => expect(fetchStub.streamsFor('r1')).toHaveLength(1));
    fetchStub.streamsFor('r1')[0]?.end();
    await waitFor(() => expect(fetchStub.streamsFor('r1')).toHaveLength(2), { timeout: 3000 });
  });
});

describe('upload modal', () => {
  const csv = () =>
    new File(['First Name,Last Name,Company Website\nAnn,Lee,acme.com\n'], 'leads.csv', {
      type: 'text/csv',
    });

  async function openUpload(app: ReturnType<typeof renderApp>) {
    await app.user.click(await screen.findByRole('button', { name: 'New Bulk' }));
    return within(await screen.findByRole('dialog', { name: 'Upload your list' }));
  }

  it('uploads the file with a real progress bar, then shows the new item', async () => {
    const server = createFakeServer();
    const { token } = logIn(server);
    stubBulkFetch();
    const uploads = stubUploads();
    let items = [bulkItem('old')];
    serveHistory(server, () => items);
    const app = renderApp('/search/bulk?page=2');
    const modal = await openUpload(app);

    await app.user.upload(modal.getByLabelText('Choose a file'), csv());
    expect(modal.getByText(/leads\.csv/)).toBeInTheDocument();
    await app.user.click(modal.getByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(uploads).toHaveLength(1));
    const upload = uploads[0]!;
    expect(upload.method).toBe('POST');
    expect(upload.url).toBe('/api/person/bulk');
    expect(upload.headers.Authorization).toBe(token);
    expect((upload.body!.get('file') as File).name).toBe('leads.csv');

    upload.progress(40, 100);
    await waitFor(() =>
      expect(modal.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
        'aria-valuenow',
        '40',
      ),
    );
    expect(modal.getByText('Uploaded 40%')).toBeInTheDocument();

    const created = processingItem('new', 0);
    items = [created, ...items];
    upload.respond(201, created);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.location()).toBe('/search/bulk?page=1');
    expect(await rowOf('new.csv')).toBeTruthy();
  });

  it('takes a file dropped on the drop zone', async () => {
    const server = createFakeServer();
    logIn(server);
    stubBulkFetch();
    const uploads = stubUploads();
    serveHistory(server, () => [bulkItem('old')]);
    const app = renderApp('/search/bulk');
    const modal = await openUpload(app);
    fireEvent.drop(modal.getByTestId('bulk-dropzone'), { dataTransfer: { files: [csv()] } });
    expect(await modal.findByText(/leads\.csv/)).toBeInTheDocument();
    await app.user.click(modal.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect((uploads[0]!.body!.get('file') as File).name).toBe('leads.csv');
  });

  it('cancels an upload under way, keeping the modal open', async () => {
    const server = createFakeServer();
    logIn(server);
    stubBulkFetch();
    const uploads = stubUploads();
    serveHistory(server, () => [bulkItem('old')]);
    const app = renderApp('/search/bulk');
    const modal = await openUpload(app);
    await app.user.upload(modal.getByLabelText('Choose a file'), csv());
    await app.user.click(modal.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    await app.user.click(modal.getByRole('button', { name: 'Cancel' }));
    expect(uploads[0]?.aborted).toBe(true);
    await waitFor(() => expect(modal.queryByRole('button', { name: 'Cancel' })).toBeNull());
    expect(modal.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Upload your list' })).toBeInTheDocument();
  });

  it('opens the credits modal on a 402, saying how many more credits the list needs', async () => {
    const server = createFakeServer();
    logIn(server, { balance: { balance: 25, onHold: 0 } });
    stubBulkFetch();
    const uploads = stubUploads();
    serveHistory(server, () => [bulkItem('old')]);
    const app = renderApp('/search/bulk');
    const modal = await openUpload(app);
    await app.user.upload(modal.getByLabelText('Choose a file'), csv());
    await app.user.click(modal.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    // A list of 300 rows with 25 credits available.
    uploads[0]?.respond(402, {
      statusCode: 402,
      error: 'Payment Required',
      message: searchMessages.notEnoughCredits(275),
      needed: 275,
    });

    const credits = within(await screen.findByRole('dialog', { name: 'Credits required' }));
    expect(credits.getByText(searchMessages.notEnoughCredits(275))).toBeInTheDocument();
    expect(credits.getByRole('link', { name: searchMessages.purchaseCredits })).toHaveAttribute(
      'href',
      '/purchase',
    );
  });

  it('shows the server’s reason when it refuses the file', async () => {
    const server = createFakeServer();
    logIn(server);
    stubBulkFetch();
    const uploads = stubUploads();
    serveHistory(server, () => [bulkItem('old')]);
    const app = renderApp('/search/bulk');
    const modal = await openUpload(app);
    await app.user.upload(modal.getByLabelText('Choose a file'), csv());
    await app.user.click(modal.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    const noColumns =
      'No usable columns: the file needs first name, last name and company website or name columns, or an email column.';
    uploads[0]?.progress(100, 100);
    expect(await modal.findByText('Uploaded 100%')).toBeInTheDocument();
    uploads[0]?.respond(400, errorBody(400, noColumns).body);
    expect(await modal.findByText(noColumns)).toBeInTheDocument();
    // A refused file was not taken: no "Uploaded 100%" beside the reason.
    expect(modal.queryByText(/Uploaded \d+%/)).toBeNull();
  });

  it('refuses a file that is not a spreadsheet before sending it', async () => {
    const server = createFakeServer();
    logIn(server);
    stubBulkFetch();
    const uploads = stubUploads();
    serveHistory(server, () => [bulkItem('old')]);
    const app = renderApp('/search/bulk');
    const modal = await openUpload(app);
    const input = modal.getByLabelText('Choose a file');
    // The picker's filter is only a hint: a dropped or forced file still gets checked.
    input.removeAttribute('accept');
    await app.user.upload(input, new File(['%PDF'], 'leads.pdf', { type: 'application/pdf' }));
    expect(await modal.findByText(uploadMessages.notSpreadsheet)).toBeInTheDocument();
    expect(modal.getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(uploads).toHaveLength(0);
  });

  it("opens as 'Verify emails' from the verifier's Verify a list, with an Email-only template", async () => {
    const server = createFakeServer();
    logIn(server);
    stubBulkFetch();
    const uploads = stubUploads();
    let items = [bulkItem('old')];
    serveHistory(server, () => items);
    const saved = captureSavedFiles();
    const app = renderApp('/search/bulk?upload=verify');
    const modal = within(await screen.findByRole('dialog', { name: 'Verify emails' }));
    expect(modal.getByText(/an Email column: each address gets its verdict/)).toBeInTheDocument();
    await app.user.click(modal.getByRole('button', { name: 'Download the template' }));
    expect(saved[0]?.fileName).toBe(verifyTemplateFileName);
    expect((await saved[0]?.file.text())?.split('\r\n')[0]).toBe('Email');
    await app.user.upload(modal.getByLabelText('Choose a file'), csv());
    await app.user.click(modal.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]?.url).toBe('/api/person/bulk');
    // Once asked, the address no longer opens it: New Bulk is an upload of either kind.
    const created = { ...processingItem('new', 0), kind: 'verify' as const };
    items = [created, ...items];
    uploads[0]?.respond(201, created);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.location()).toBe('/search/bulk?page=1');
    expect((await rowOf('new.csv')).getByText('Verify emails')).toBeInTheDocument();
    await openUpload(app);
  });

  it("names a chosen CSV with only an e-mail column 'Verify emails'", async () => {
    const server = createFakeServer();
    logIn(server);
    stubBulkFetch();
    serveHistory(server, () => [bulkItem('old')]);
    const app = renderApp('/search/bulk');
    const modal = await openUpload(app);
    const emails = new File(['Email,Note\nann@acme.com,x\n'], 'emails.csv', { type: 'text/csv' });
    await app.user.upload(modal.getByLabelText('Choose a file'), emails);
    expect(await screen.findByRole('dialog', { name: 'Verify emails' })).toBeInTheDocument();
    await app.user.upload(modal.getByLabelText('Choose a file'), csv());
    expect(await screen.findByRole('dialog', { name: 'Upload your list' })).toBeInTheDocument();
  });

  it('offers a template CSV with the recognised columns', async () => {
    const server = createFakeServer();
    logIn(server);
    stubBulkFetch();
    serveHistory(server, () => [bulkItem('old')]);
    const saved = captureSavedFiles();
    const app = renderApp('/search/bulk');
    const modal = await openUpload(app);
    await app.user.click(modal.getByRole('button', { name: 'Download the template' }));
    expect(saved).toHaveLength(1);
    expect(saved[0]?.fileName).toBe(bulkTemplateFileName);
    expect((await saved[0]?.file.text())?.split('\r\n')[0]).toBe(
      'First Name,Last Name,Company Website,Email',
    );
  });
});
