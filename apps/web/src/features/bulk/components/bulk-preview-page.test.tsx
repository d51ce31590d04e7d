import {
  type BulkPreview,
  bulkMessages,
  bulkVerdictColumns,
  searchMessages,
  verifyReasons,
} from '@mailhound/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, errorBody, type FakeServer } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { logIn } from '../../../test/session-fixtures.ts';
import { findTooltip, queryTooltip } from '../../../test/tooltip.ts';
import { bulkItem, captureSavedFiles, fileAnswer, stubBulkFetch } from '../bulk.test-kit.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const header = ['First Name', 'Last Name', 'Company Website', 'Email', 'Score', 'Status'];

// An unpaid preview comes with its addresses masked (j•••@acme.com), a paid one whole.
function preview(overrides: Partial<BulkPreview> = {}): BulkPreview {
  const paid = overrides.paid ?? false;
  return {
    fileName: 'leads.csv',
    rows: [
      header,
      ...Array.from({ length: 10 }, (_, index) => [
        `Ann${index}`,
        'Lee',
        'acme.test',
        paid ? `ann${index}.lee@acme.test` : 'a•••@acme.test',
        index === 0 ? '60' : '99',
        'found',
      ]),
    ],
    paid,
    credits: 12,
    hasInputFile: true,
    summary: { rows: 200, found: 150, verified: 120, notFound: 45, failed: [] },
    ...overrides,
  };
}

function servePreview(server: FakeServer, answer: () => BulkPreview) {
  server.on('GET /api/file/r1/preview', () => ({ body: answer() }));
  server.on('GET /api/search-history/bulk/r1', { body: bulkItem('r1') });
}

describe('bulk preview (product-spec §2 "Bulk preview")', () => {
  it('shows the file name, the header row and the first 10 rows with score icons', async () => {
    const server = createFakeServer();
    logIn(server);
    servePreview(server, () => preview());
    renderApp('/search/bulk/preview/r1');
    expect(await screen.findByRole('heading', { name: 'leads.csv' })).toBeInTheDocument();
    const table = within(screen.getByRole('table', { name: 'Bulk preview' }));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(header);
    expect(table.getAllByRole('row')).toHaveLength(11);
    expect(table.getAllByText('a•••@acme.test')).toHaveLength(10);
    expect(table.getByRole('img', { name: 'Score 60' })).toHaveAttribute(
      'data-score-color',
      'yellow',
    );
    expect(table.getAllByRole('img', { name: 'Score 99' })).toHaveLength(9);
    expect(screen.queryByText(bulkMessages.noEmailsFound)).toBeNull();
  });

  it('cuts a file name longer than 25 characters and shows it whole in a tooltip', async () => {
    const server = createFakeServer();
    logIn(server);
    const long = 'conference-attendees-2025-final.csv';
    servePreview(server, () => preview({ fileName: long }));
    const app = renderApp('/search/bulk/preview/r1');
    const title = await screen.findByRole('heading', { name: long });
    expect(title).toHaveTextContent('conference-attendees-2025…');
    await app.user.hover(title);
    expect(await findTooltip()).toHaveTextContent(long);
  });

  it('shows a name of 25 characters whole, without a tooltip', async () => {
    const server = createFakeServer();
    logIn(server);
    const name = 'attendees-march-2025x.csv';
    servePreview(server, () => preview({ fileName: name }));
    const app = renderApp('/search/bulk/preview/r1');
    const title = await screen.findByRole('heading', { name });
    expect(title).toHaveTextContent(name);
    await app.user.hover(title);
    await new Promise((done) => setTimeout(done, 50));
    expect(queryTooltip()).toBeNull();
  });

  it("says 'No emails were found', and still shows the rows and what became of each", async () => {
    const server = createFakeServer();
    logIn(server);
    const rows = [
      header,
      ['Ann', 'Lee', 'nomail.test', '', '', 'No business e-mail'],
      ['Bob', 'Ray', 'acme.test', '', '0', 'Not found'],
    ];
    const summary = {
      rows: 2,
      found: 0,
      verified: 0,
      notFound: 1,
      failed: [{ reason: 'No business e-mail', count: 1 }],
    };
    servePreview(server, () => preview({ rows, credits: 0, summary }));
    renderApp('/search/bulk/preview/r1');
    expect(await screen.findByText(bulkMessages.noEmailsFound)).toBeInTheDocument();
    expect(screen.getByLabelText('Result counts')).toHaveTextContent(
      '2 rows: 0 found (0 verified), 1 not found, 1 failed (No business e-mail: 1)',
    );
    const table = screen.getByRole('table', { name: 'Bulk preview' });
    expect(within(table).getByText('No business e-mail')).toBeInTheDocument();
    expect(within(table).getByText('Not found')).toBeInTheDocument();
    // A list without a verified e-mail has nothing to pay for, and says so.
    expect(
      screen.getByText('Nothing to pay: no verified e-mail was found in this list.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(bulkMessages.alreadyPaid)).toBeNull();
  });

  it('shows the verdict columns, the status of each address as a badge with its reason', async () => {
    const server = createFakeServer();
    logIn(server);
    const verdictHeader = ['Email', ...header.slice(3), ...bulkVerdictColumns];
    const valid = ['valid', 'false', 'false', 'false', 'false', 'true', 'true'];
    const rows = [
      verdictHeader,
      ['ann.lee@acme.test', 'a•••@acme.test', '99', 'Verified', ...valid, verifyReasons.valid],
      [
        'zed@acme.test',
        '',
        '0',
        'Not found',
        ...['invalid', 'false', 'false', 'false', 'false', 'true', 'false'],
        verifyReasons.rejected,
      ],
      // A row searched before verdicts were kept: no verdict, no badge.
      ['old@acme.test', 'o•••@acme.test', '99', 'Verified', '', '', '', '', '', '', '', ''],
    ];
    servePreview(server, () => preview({ rows }));
    renderApp('/search/bulk/preview/r1');
    const table = within(await screen.findByRole('table', { name: 'Bulk preview' }));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(
      verdictHeader,
    );
    const [, first, second, third] = table.getAllByRole('row');
    const badgeOf = (row: HTMLElement | undefined) =>
      row?.querySelector('.mantine-Badge-root') ?? null;
    expect(badgeOf(first)).toHaveTextContent('valid');
    expect(badgeOf(first)).toHaveAttribute('title', verifyReasons.valid);
    expect(badgeOf(second)).toHaveTextContent('invalid');
    expect(badgeOf(second)).toHaveAttribute('title', verifyReasons.rejected);
    expect(badgeOf(third)).toBeNull();
  });

  it('tells what a download costs, or that it is paid', async () => {
    const server = createFakeServer();
    logIn(server);
    let paid = false;
    servePreview(server, () => preview(paid ? { paid: true, credits: 0 } : {}));
    const first = renderApp('/search/bulk/preview/r1');
    expect(await screen.findByText(bulkMessages.youWillPay(12))).toBeInTheDocument();
    expect(bulkMessages.youWillPay(12)).toBe('You will pay up to 12 credit(s)');
    expect(
      screen.getByText('The e-mails show in full once you download the results.'),
    ).toBeInTheDocument();
    first.unmount();
    paid = true;
    renderApp('/search/bulk/preview/r1');
    expect(await screen.findByText(bulkMessages.alreadyPaid)).toBeInTheDocument();
    const table = within(screen.getByRole('table', { name: 'Bulk preview' }));
    expect(table.getByText('ann0.lee@acme.test')).toBeInTheDocument();
    expect(screen.queryByText(/show in full once you download/)).toBeNull();
  });

  it('says the e-mails are already paid for when each verified one was bought in another search', async () => {
    const server = createFakeServer();
    logIn(server);
    // Not bought as a result, but its download costs nothing: an address is paid for once.
    servePreview(server, () => preview({ paid: false, credits: 0 }));
    renderApp('/search/bulk/preview/r1');
    expect(await screen.findByText('You already paid for these emails')).toBeInTheDocument();
    expect(screen.queryByText(/You will pay/)).toBeNull();
    expect(screen.queryByText(/Nothing to pay/)).toBeNull();
  });

  it('says that a verify list shows its verdicts once downloaded, and shows the masked cells as they come', async () => {
    const server = createFakeServer();
    logIn(server);
    const masked = Array<string>(1 + 2 + bulkVerdictColumns.length).fill('•••');
    masked[0] = 's•••@ravenmind.example';
    server.on('GET /api/file/r1/preview', {
      body: preview({
        rows: [
          ['Email', 'Email', 'Score', 'Status', ...bulkVerdictColumns],
          ['sakura.smith@ravenmind.example', ...masked],
        ],
        credits: 1,
      }),
    });
    server.on('GET /api/search-history/bulk/r1', { body: bulkItem('r1', { kind: 'verify' }) });
    renderApp('/search/bulk/preview/r1');
    expect(
      await screen.findByText('The verdicts show in full once you download the results.'),
    ).toBeInTheDocument();
    const table = within(screen.getByRole('table', { name: 'Bulk preview' }));
    const [, row] = table.getAllByRole('row');
    expect(within(row as HTMLElement).queryByText(/valid|Verified|99/)).toBeNull();
    expect(within(row as HTMLElement).getAllByText('•••')).toHaveLength(10);
  });

  it('shows the loading error with the server’s message', async () => {
    const server = createFakeServer();
    logIn(server);
    server.on('GET /api/file/r1/preview', errorBody(404, 'Bulk search not found'));
    renderApp('/search/bulk/preview/r1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred while loading the preview: Bulk search not found',
    );
  });

  it('goes back to the bulk page it came from, skipping the video', async () => {
    const server = createFakeServer();
    logIn(server);
    servePreview(server, () => preview());
    server.on('GET /api/search-history/bulk', { body: null });
    const app = renderApp({ pathname: '/search/bulk/preview/r1', state: { fromPage: 3 } });
    await screen.findByRole('heading', { name: 'leads.csv' });
    await app.user.click(screen.getByRole('link', { name: 'Back to bulk search' }));
    await waitFor(() => expect(app.location()).toBe('/search/bulk?page=3&skipVideo=true'));
  });

  it('goes back to the first page without navigation state', async () => {
    const server = createFakeServer();
    logIn(server);
    servePreview(server, () => preview());
    renderApp('/search/bulk/preview/r1');
    expect(await screen.findByRole('link', { name: 'Back to bulk search' })).toHaveAttribute(
      'href',
      '/search/bulk?page=1&skipVideo=true',
    );
  });
});

describe('downloads (product-spec §4 "Bulk result payment")', () => {
  async function chooseFormat(app: ReturnType<typeof renderApp>, choice: string) {
    await app.user.click(await screen.findByRole('button', { name: 'Download Results' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Download Results' }));
    expect(modal.getByRole('button', { name: 'All emails' })).toBeInTheDocument();
    expect(modal.getByRole('button', { name: 'Only found emails' })).toBeInTheDocument();
    return { modal, pick: () => app.user.click(modal.getByRole('button', { name: choice })) };
  }

  it('downloads all emails under the server’s file name, then shows it paid and reads the balance again', async () => {
    const server = createFakeServer();
    const { token } = logIn(server);
    let paid = false;
    servePreview(server, () => preview(paid ? { paid: true, credits: 0 } : {}));
    const files: Array<{ path: string; headers: Headers }> = [];
    stubBulkFetch((path, init) => {
      if (!path.startsWith('/api/file/r1/result/')) return undefined;
      files.push({ path, headers: new Headers(init.headers) });
      paid = true;
      return fileAnswer('Email\nann0.lee@acme.test\n', 'leads-results.csv');
    });
    const saved = captureSavedFiles();
    const app = renderApp('/search/bulk/preview/r1');
    const { pick } = await chooseFormat(app, 'All emails');
    const balanceCalls = server.requestsTo('GET /api/auth/user/balance').length;
    await pick();

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(files.map((file) => file.path)).toEqual(['/api/file/r1/result/full']);
    expect(files[0]?.headers.get('Authorization')).toBe(token);
    expect(saved[0]?.fileName).toBe('leads-results.csv');
    expect(await saved[0]?.file.text()).toBe('Email\nann0.lee@acme.test\n');
    expect(await screen.findByText(bulkMessages.alreadyPaid)).toBeInTheDocument();
    await waitFor(() =>
      expect(server.requestsTo('GET /api/auth/user/balance').length).toBeGreaterThan(balanceCalls),
    );
  });

  it('downloads only the found emails, as XLSX when asked', async () => {
    const server = createFakeServer();
    logIn(server);
    servePreview(server, () => preview());
    const paths: string[] = [];
    stubBulkFetch((path) => {
      if (!path.startsWith('/api/file/r1/result/')) return undefined;
      paths.push(path);
      return fileAnswer('xlsx', 'leads-found.xlsx', 'application/octet-stream');
    });
    const saved = captureSavedFiles();
    const app = renderApp('/search/bulk/preview/r1');
    const { modal, pick } = await chooseFormat(app, 'Only found emails');
    await app.user.click(modal.getByText('XLSX'));
    await pick();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(paths).toEqual(['/api/file/r1/result/success?format=xlsx']);
    expect(saved[0]?.fileName).toBe('leads-found.xlsx');
  });

  it('asks for credits instead of downloading when the available balance is short', async () => {
    const server = createFakeServer();
    logIn(server, { balance: { balance: 10, onHold: 3 } });
    servePreview(server, () => preview({ credits: 12 }));
    const paths: string[] = [];
    stubBulkFetch((path) => {
      if (path.startsWith('/api/file/r1/result/')) paths.push(path);
      return undefined;
    });
    const app = renderApp('/search/bulk/preview/r1');
    await screen.findAllByText('Credits available: 7');
    const { pick } = await chooseFormat(app, 'All emails');
    await pick();
    const credits = within(await screen.findByRole('dialog', { name: 'Credits required' }));
    expect(credits.getByText(searchMessages.notEnoughCredits(5))).toBeInTheDocument();
    expect(paths).toHaveLength(0);
  });

  it('leaves an unbought list of addresses to verify to the server: its price is only up to', async () => {
    const server = createFakeServer();
    logIn(server, { balance: { balance: 1, onHold: 0 } });
    const rows = [
      ['Email', 'Email', 'Score', 'Status'],
      ['ann@acme.test', 'a•••@acme.test', '•••', '•••'],
      ['bob@acme.test', 'b•••@acme.test', '•••', '•••'],
    ];
    const summary = { rows: 2, found: 0, verified: 0, notFound: 0, failed: [], toVerify: 2 };
    servePreview(server, () => preview({ rows, credits: 2, summary }));
    const paths: string[] = [];
    stubBulkFetch((path) => {
      if (!path.startsWith('/api/file/r1/result/')) return undefined;
      paths.push(path);
      return fileAnswer('Email\n', 'checked.csv');
    });
    const saved = captureSavedFiles();
    const app = renderApp('/search/bulk/preview/r1');
    expect(await screen.findByText(bulkMessages.youWillPay(2))).toBeInTheDocument();
    expect(screen.getByLabelText('Result counts')).toHaveTextContent(
      '2 rows: 2 to verify, shown once you download',
    );
    expect(screen.queryByText(bulkMessages.noEmailsFound)).toBeNull();
    // One credit available, up to two asked: the download may cost less, the server decides.
    const { pick } = await chooseFormat(app, 'All emails');
    await pick();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(paths).toEqual(['/api/file/r1/result/full']);
    expect(screen.queryByRole('dialog', { name: 'Credits required' })).toBeNull();
  });

  it('opens the credits modal when the server answers 402', async () => {
    const server = createFakeServer();
    logIn(server);
    servePreview(server, () => preview());
    server.on('GET /api/file/r1/result/full', errorBody(402, 'Not enough credits'));
    captureSavedFiles();
    const app = renderApp('/search/bulk/preview/r1');
    const { pick } = await chooseFormat(app, 'All emails');
    await pick();
    expect(await screen.findByRole('dialog', { name: 'Credits required' })).toBeInTheDocument();
  });

  it('downloads a paid result again without asking for credits', async () => {
    const server = createFakeServer();
    logIn(server, { balance: { balance: 0, onHold: 0 } });
    servePreview(server, () => preview({ paid: true, credits: 0 }));
    stubBulkFetch((path) =>
      path.startsWith('/api/file/r1/result/') ? fileAnswer('Email\n', 'again.csv') : undefined,
    );
    const saved = captureSavedFiles();
    const app = renderApp('/search/bulk/preview/r1');
    const { pick } = await chooseFormat(app, 'All emails');
    await pick();
    await waitFor(() => expect(saved.map((file) => file.fileName)).toEqual(['again.csv']));
    expect(screen.queryByRole('dialog', { name: 'Credits required' })).toBeNull();
  });

  it('shows a failed download with the server’s message', async () => {
    const server = createFakeServer();
    logIn(server);
    servePreview(server, () => preview());
    server.on('GET /api/file/r1/result/full', errorBody(500, 'Result file missing'));
    captureSavedFiles();
    const app = renderApp('/search/bulk/preview/r1');
    const { pick } = await chooseFormat(app, 'All emails');
    await pick();
    expect(
      await screen.findByText('An error occurred while downloading your file: Result file missing'),
    ).toBeInTheDocument();
  });

  it('downloads the original file when there is one, named by the server', async () => {
    const server = createFakeServer();
    logIn(server);
    servePreview(server, () => preview());
    stubBulkFetch((path) =>
      path === '/api/file/r1/input' ? fileAnswer('First Name\nAnn\n', 'my leads.csv') : undefined,
    );
    const saved = captureSavedFiles();
    const app = renderApp('/search/bulk/preview/r1');
    await app.user.click(await screen.findByRole('button', { name: 'Download the original file' }));
    await waitFor(() => expect(saved.map((file) => file.fileName)).toEqual(['my leads.csv']));
  });

  it('shows no original-file icon without an input file', async () => {
    const server = createFakeServer();
    logIn(server);
    servePreview(server, () => preview({ hasInputFile: false }));
    renderApp('/search/bulk/preview/r1');
    await screen.findByRole('button', { name: 'Download Results' });
    expect(screen.queryByRole('button', { name: 'Download the original file' })).toBeNull();
  });
});
