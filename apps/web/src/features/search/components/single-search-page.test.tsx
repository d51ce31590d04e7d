import {
  validationMessages as m,
  rowMessages,
  scoreTooltips,
  searchMessages,
  storageKeys,
  verifyReasons,
} from '@mailhound/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeServer, type FakeRequest, type FakeServer } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { logIn } from '../../../test/session-fixtures.ts';
import { findTooltip } from '../../../test/tooltip.ts';
import { verdictFixture } from '../../../test/verdict-fixtures.ts';
import type { HistoryRow } from '../history-row.ts';
import {
  createEventStream,
  finishedStream,
  jsonResponse,
  stubSearchStream,
} from '../search-stream.test-kit.ts';

// The widget's own code stays out of jsdom: tests play its verified event.
vi.mock('altcha', () => ({}));

const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' });
const topBar = () => within(screen.getByRole('banner'));
const historyTable = () => screen.getByRole('table', { name: 'Search history' });

function row(id: string, overrides: Partial<HistoryRow> = {}): HistoryRow {
  return {
    _id: id,
    query: { firstName: 'Ann', lastName: 'Lee', companyWebsite: 'acme.com' },
    result: { exactEmail: 'ann@acme.com', exactEmailScore: 99 },
    error: null,
    evidence: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function historyAnswer(rows: HistoryRow[], totalPages = 1, currentPage = 1) {
  return {
    body: { items: rows, currentPage, totalPages, totalItems: rows.length },
  };
}

// The history the server holds, answered for both the list and the guest balance.
function serveHistory(server: FakeServer, rows: () => HistoryRow[]) {
  server.on('GET /api/search-history/single', () => historyAnswer(rows()));
}

async function fillForm(
  user: ReturnType<typeof renderApp>['user'],
  company: string,
  first = 'Ann',
  last = 'Lee',
) {
  await user.type(
    await screen.findByLabelText('Company Website or Name', { exact: false }),
    company,
  );
  await user.type(field('First Name'), first);
  await user.type(field('Last Name'), last);
}

const found = { _id: 'h1', exactEmail: 'ann@acme.com', exactEmailScore: 99, charged: true };

describe('single search form (product-spec §5 "Single search")', () => {
  it('validates as you type with the spec messages', async () => {
    const server = createFakeServer();
    logIn(server);
    const { user } = renderApp('/search/single');
    const company = await screen.findByLabelText('Company Website or Name', { exact: false });
    await user.type(company, 'a');
    await user.clear(company);
    expect(await screen.findByText(m.companyRequired)).toBeInTheDocument();
    await user.type(company, 'x'.repeat(256));
    expect(await screen.findByText(m.maxLength(255))).toBeInTheDocument();

    await user.type(field('First Name'), '   ');
    expect(await screen.findByText(m.searchNameInvalid)).toBeInTheDocument();
    await user.type(field('Last Name'), 'L'.repeat(51));
    expect(await screen.findAllByText(m.searchNameInvalid)).toHaveLength(2);
  });

  it('asks for every field when sent empty, without searching', async () => {
    const server = createFakeServer();
    logIn(server);
    const calls = stubSearchStream(() => finishedStream([[null, found]]));
    const { user } = renderApp('/search/single');
    await user.click(await screen.findByRole('button', { name: 'Search' }));
    expect(await screen.findByText(m.companyRequired)).toBeInTheDocument();
    expect(screen.getAllByText(m.searchNameInvalid)).toHaveLength(2);
    expect(calls).toHaveLength(0);
  });

  it('sends a domain-like company as companyWebsite, names without spaces, with the token', async () => {
    const server = createFakeServer();
    const { token } = logIn(server);
    const calls = stubSearchStream(() => finishedStream([[null, found]]));
    const { user } = renderApp('/search/single');
    await fillForm(user, 'https://www.acme.co.uk/about', 'Mary Ann', 'Lee');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      firstName: 'MaryAnn',
      lastName: 'Lee',
      companyWebsite: 'https://www.acme.co.uk/about',
    });
    expect(calls[0]?.headers.get('Authorization')).toBe(token);
  });

  it('says no credit was taken when the address found had been paid for already', async () => {
    const server = createFakeServer();
    logIn(server);
    const answers = [found, { ...found, _id: 'h2', charged: false }];
    stubSearchStream(() => finishedStream([[null, answers.shift() ?? found]]));
    const { user } = renderApp('/search/single');
    await fillForm(user, 'acme.com');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled());
    expect(screen.queryByText(/No credit taken/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'No credit taken: you already paid for ann@acme.com.',
    );
  });

  it('sends any other company as companyName', async () => {
    const server = createFakeServer();
    logIn(server);
    const calls = stubSearchStream(() => finishedStream([[null, found]]));
    const { user } = renderApp('/search/single');
    await fillForm(user, 'Acme Inc');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ firstName: 'Ann', lastName: 'Lee', companyName: 'Acme Inc' });
  });

  it('is prefilled from the route segments, and the Example button fills a sample person', async () => {
    const server = createFakeServer();
    logIn(server);
    const { user } = renderApp('/search/single/acme.com/Ann/Lee');
    expect(await screen.findByLabelText('Company Website or Name', { exact: false })).toHaveValue(
      'acme.com',
    );
    expect(field('First Name')).toHaveValue('Ann');
    expect(field('Last Name')).toHaveValue('Lee');

    await user.clear(field('First Name'));
    await user.click(screen.getByRole('button', { name: 'Example' }));
    // The demo person the embedded demo mail world verifies.
    expect(field('Company Website or Name')).toHaveValue('ravenmind.example');
    expect(field('First Name')).toHaveValue('Sakura');
    expect(field('Last Name')).toHaveValue('Smith');
    expect(screen.queryByText(m.searchNameInvalid)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /tutorial video/ })).toHaveAttribute(
      'target',
      '_blank',
    );
  });

  it('shows a refusal before any work, such as an unknown company', async () => {
    const server = createFakeServer();
    logIn(server);
    stubSearchStream(() =>
      jsonResponse(400, { statusCode: 400, error: 'Bad Request', message: 'Company not found' }),
    );
    const { user } = renderApp('/search/single');
    await fillForm(user, 'Nowhere Corp');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Company not found');
  });
});

describe('the streamed search and the history (product-spec §4 "Single search")', () => {
  it('shows a slicing... row with the progress, replaced by the refreshed history', async () => {
    const server = createFakeServer();
    logIn(server);
    let stored: HistoryRow[] = [];
    serveHistory(server, () => stored);
    const stream = createEventStream();
    stubSearchStream(() => stream.response);
    const { user } = renderApp('/search/single');
    await fillForm(user, 'acme.com');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    const pending = await screen.findByTestId('pending-search');
    expect(pending).toHaveTextContent(`${searchMessages.slicing} 0%`);
    stream.send('progress', { stage: 'smtp', percent: 40 });
    await waitFor(() => expect(pending).toHaveTextContent(`${searchMessages.slicing} 40%`));
    expect(within(pending).getByText('acme.com')).toBeInTheDocument();

    stored = [row('h1')];
    stream.send(null, found);
    stream.close();
    await waitFor(() => expect(screen.queryByTestId('pending-search')).not.toBeInTheDocument());
    expect(within(historyTable()).getByText('ann@acme.com')).toBeInTheDocument();
    expect(screen.queryByText(/slicing/)).not.toBeInTheDocument();
  });

  it('refreshes the balance after each search', async () => {
    const server = createFakeServer();
    logIn(server);
    stubSearchStream(() => finishedStream([[null, found]]));
    const { user } = renderApp('/search/single');
    await fillForm(user, 'acme.com');
    await topBar().findByText('Credits available: 25');
    const before = server.requestsTo('GET /api/auth/user/balance').length;
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(server.requestsTo('GET /api/auth/user/balance').length).toBeGreaterThan(before),
    );
  });

  it('maps row errors: no MX records, a timed-out connection, others as they are', async () => {
    const server = createFakeServer();
    logIn(server);
    serveHistory(server, () => [
      row('a', { result: null, error: 'No MX records associated with domain found' }),
      row('b', { result: null, error: 'Connection timed out' }),
      row('c', { result: null, error: 'Mailbox server said no' }),
      row('d', { result: null, error: '' }),
    ]);
    renderApp('/search/single');
    const table = await screen.findByRole('table', { name: 'Search history' });
    expect(within(table).getByText(rowMessages.noBusinessEmail)).toBeInTheDocument();
    expect(within(table).getByText(rowMessages.connectionTrouble)).toBeInTheDocument();
    expect(within(table).getByText('Mailbox server said no')).toBeInTheDocument();
    expect(within(table).getByText(searchMessages.unknownError)).toBeInTheDocument();
  });

  it('colours the score icon green from 95, yellow from 50, red below, with the tooltips', async () => {
    const server = createFakeServer();
    logIn(server);
    const scored = (id: string, score: number) =>
      row(id, { result: { exactEmail: `${id}@acme.com`, exactEmailScore: score } });
    serveHistory(server, () => [
      scored('s99', 99),
      scored('s95', 95),
      scored('s60', 60),
      scored('s50', 50),
      scored('s0', 0),
    ]);
    const { user } = renderApp('/search/single');
    await screen.findByRole('table', { name: 'Search history' });
    const colour = (score: number) =>
      screen.getByRole('img', { name: `Score ${score}` }).getAttribute('data-score-color');
    expect([99, 95, 60, 50, 0].map(colour)).toEqual(['green', 'green', 'yellow', 'yellow', 'red']);

    for (const score of [99, 95, 60, 50] as const) {
      await user.hover(screen.getByRole('img', { name: `Score ${score}` }));
      expect(await screen.findByText(scoreTooltips[score])).toBeInTheDocument();
      await user.unhover(screen.getByRole('img', { name: `Score ${score}` }));
    }
  });

  it('shows the verdict beside the score, its reason on hover; none where nothing was found', async () => {
    const server = createFakeServer();
    logIn(server);
    serveHistory(server, () => [
      row('v1', {
        result: { exactEmail: 'ann@catchall.com', exactEmailScore: 50 },
        verdict: verdictFixture('ann@catchall.com', 'accept_all'),
      }),
      row('v2', {
        query: { firstName: 'Bob', lastName: 'Ray', companyWebsite: 'acme.com' },
        result: { exactEmail: null, exactEmailScore: 0 },
        verdict: null,
      }),
    ]);
    const { user } = renderApp('/search/single');
    const table = await screen.findByRole('table', { name: 'Search history' });
    const [, found, none] = within(table).getAllByRole('row');
    const score = within(found as HTMLElement).getByRole('cell', { name: /Accept all/ });
    expect(within(score).getByRole('img', { name: 'Score 50' })).toBeInTheDocument();
    const badge = within(score).getByText('Accept all');
    expect(badge.closest('[data-verdict]')).toHaveAttribute('data-verdict', 'accept_all');
    expect(score).toHaveTextContent(verifyReasons.acceptAll);
    await user.hover(badge);
    expect(await findTooltip()).toHaveTextContent(verifyReasons.acceptAll);
    expect(none?.querySelector('[data-verdict]')).toBeNull();
  });

  it('shows the evidence behind a row', async () => {
    const server = createFakeServer();
    logIn(server);
    serveHistory(server, () => [
      row('e1', {
        evidence: {
          domain: 'acme.com',
          mx: { host: 'mx1.acme.com', address: '127.20.0.2', priority: 10, tls: false },
          catchAll: false,
          catchAllProbe: {
            email: 'x7q2@acme.com',
            code: 550,
            enhanced: '5.1.1',
            text: 'No such user',
            cached: false,
          },
          pattern: 'first.last',
          learntPattern: null,
          candidates: [
            {
              email: 'ann.lee@acme.com',
              pattern: 'first.last',
              status: 'accepted',
              code: 250,
              enhanced: '2.1.5',
              text: 'OK',
            },
            {
              email: 'ann@acme.com',
              pattern: 'first',
              status: 'untested',
              code: null,
              enhanced: null,
              text: null,
            },
          ],
          reason: 'Single exact match',
          detail: null,
          timings: { dnsMs: 3, smtpMs: 41, totalMs: 47 },
        },
        verdict: verdictFixture('ann@acme.com', 'valid', { role: true }),
      }),
    ]);
    const { user } = renderApp('/search/single');
    await user.click(await screen.findByRole('button', { name: 'Evidence for Ann Lee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Evidence' });
    expect(dialog).toHaveTextContent('mx1.acme.com [127.20.0.2]');
    expect(dialog).toHaveTextContent('x7q2@acme.com: 550 5.1.1 No such user');
    expect(dialog).toHaveTextContent('first.last');
    expect(dialog).toHaveTextContent('DNS 3 ms, SMTP 41 ms, total 47 ms');
    const candidates = within(dialog).getByRole('table', { name: 'Candidates' });
    expect(within(candidates).getByText('250 2.1.5 OK')).toBeInTheDocument();
    expect(within(candidates).getByText('Not tested')).toBeInTheDocument();
    // The verdict's checks as badges, as the Email Verifier shows them.
    const verdict = within(dialog).getByRole('region', { name: 'Verdict on ann@acme.com' });
    expect(verdict).toHaveTextContent(verifyReasons.valid);
    const checks = within(verdict).getByRole('list', { name: 'Checks' });
    expect(within(checks).getByText('SMTP check: yes')).toBeInTheDocument();
    expect(within(checks).getByText('Accept all: no')).toBeInTheDocument();
    const mailbox = within(verdict).getByRole('list', { name: 'Mailbox' });
    expect(within(mailbox).getByText('Role address: yes')).toBeInTheDocument();
  });

  it('pages the history 10 a page with 4 page buttons', async () => {
    const server = createFakeServer();
    logIn(server);
    server.on('GET /api/search-history/single', (request: FakeRequest) => {
      const page = Number(request.query.get('page'));
      return historyAnswer(
        [
          row(`p${page}`, {
            query: { firstName: `Page${page}`, lastName: 'Lee', companyName: 'Acme' },
          }),
        ],
        10,
        page,
      );
    });
    const { user } = renderApp('/search/single');
    const pages = await screen.findByRole('navigation', { name: 'History pages' });
    const numbers = () =>
      within(pages)
        .getAllByRole('button')
        .map((button) => button.textContent)
        .filter((text) => /^\d+$/.test(text ?? ''));
    expect(numbers()).toEqual(['1', '2', '3', '4']);
    expect(server.requestsTo('GET /api/search-history/single').at(-1)?.query.get('perPage')).toBe(
      '10',
    );

    await user.click(within(pages).getByRole('button', { name: '4' }));
    expect(await screen.findByText('Page4 Lee')).toBeInTheDocument();
    expect(numbers()).toEqual(['3', '4', '5', '6']);
    expect(within(pages).getByRole('button', { name: '4' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

describe('credits modals for logged-in users (api-spec §8 "Search")', () => {
  it('asks a free-plan user to upgrade on payment_error', async () => {
    const server = createFakeServer();
    logIn(server);
    stubSearchStream(() =>
      finishedStream([
        ['payment_error', { message: 'Not enough credits', required: 1, available: 0 }],
      ]),
    );
    const { user } = renderApp('/search/single');
    await fillForm(user, 'acme.com');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credits required' });
    expect(dialog).toHaveTextContent(searchMessages.searchLimitReached);
    expect(within(dialog).getByRole('link', { name: searchMessages.upgradeNow })).toHaveAttribute(
      'href',
      '/purchase',
    );
  });

  it('tells a paid-plan user how many credits are missing', async () => {
    const server = createFakeServer();
    logIn(server, { user: { plan: { name: 'Pro', is_default: false } } });
    stubSearchStream(() =>
      finishedStream([
        ['payment_error', { message: 'Not enough credits', required: 3, available: 1 }],
      ]),
    );
    const { user } = renderApp('/search/single');
    await fillForm(user, 'acme.com');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credits required' });
    expect(dialog).toHaveTextContent(searchMessages.notEnoughCredits(2));
    await user.click(within(dialog).getByRole('link', { name: searchMessages.purchaseCredits }));
  });

  it('opens the modal at zero balance without searching', async () => {
    const server = createFakeServer();
    logIn(server, {
      user: { plan: { name: 'Pro', is_default: false } },
      balance: { balance: 2, onHold: 2 },
    });
    const calls = stubSearchStream(() => finishedStream([[null, found]]));
    const app = renderApp('/search/single');
    await topBar().findByText('Credits available: 0');
    await fillForm(app.user, 'acme.com');
    await app.user.click(screen.getByRole('button', { name: 'Search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credits required' });
    expect(dialog).toHaveTextContent(searchMessages.notEnoughCredits(1));
    expect(calls).toHaveLength(0);
    await app.user.click(
      within(dialog).getByRole('link', { name: searchMessages.purchaseCredits }),
    );
    await waitFor(() => expect(app.location()).toBe('/purchase'));
  });
});

describe('guests (product-spec §6, api-spec §9)', () => {
  const verifyBotCheck = (payload: string) => {
    const widget = document.querySelector('altcha-widget');
    if (widget === null) throw new Error('no altcha-widget');
    widget.dispatchEvent(
      new CustomEvent('statechange', { detail: { state: 'verified', payload } }),
    );
  };

  it('shows the ALTCHA widget with our challenge url, and no Turnstile', async () => {
    createFakeServer({ 'GET /api/bot-check/config': { body: { provider: 'altcha' } } });
    renderApp('/search/single');
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    expect(document.querySelector('altcha-widget')?.getAttribute('challenge')).toBe(
      '/api/bot-check/challenge',
    );
    expect(screen.queryByTestId('turnstile')).not.toBeInTheDocument();
    expect(document.querySelector('script[src*="challenges.cloudflare.com"]')).toBeNull();
  });

  it('renders the Turnstile container only when the server says turnstile', async () => {
    createFakeServer({
      'GET /api/bot-check/config': { body: { provider: 'turnstile', siteKey: '1x00000000' } },
    });
    renderApp('/search/single');
    expect(await screen.findByTestId('turnstile')).toBeInTheDocument();
    expect(document.querySelector('altcha-widget')).toBeNull();
  });

  it('sends the bot-check payload and the guest id, and keeps the history locally', async () => {
    const server = createFakeServer();
    let stored: HistoryRow[] = [];
    serveHistory(server, () => stored);
    const calls = stubSearchStream(() => {
      stored = [row('g1')];
      return finishedStream([[null, found]]);
    });
    const { user } = renderApp('/search/single');
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    verifyBotCheck('cGF5bG9hZA==');
    await fillForm(user, 'acme.com');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(calls).toHaveLength(1));
    const guestId = localStorage.getItem(storageKeys.uid);
    expect(calls[0]?.body).toMatchObject({ code: 'cGF5bG9hZA==', userId: guestId });
    expect(calls[0]?.headers.get('Authorization')).toBeNull();
    expect(await within(historyTable()).findByText('ann@acme.com')).toBeInTheDocument();
    const local = JSON.parse(localStorage.getItem(storageKeys.searchHistory) ?? '[]');
    expect(local.map((item: HistoryRow) => item._id)).toEqual(['g1']);
    const reads = server.requestsTo('GET /api/search-history/single');
    expect(reads.every((request) => request.query.get('userId') === guestId)).toBe(true);
  });

  it('asks for the bot check before a guest search', async () => {
    createFakeServer();
    const calls = stubSearchStream(() => finishedStream([[null, found]]));
    const { user } = renderApp('/search/single');
    await fillForm(user, 'acme.com');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('bot check');
    expect(calls).toHaveLength(0);
  });

  it('shows the locally kept history when the server cannot be read', async () => {
    const server = createFakeServer();
    server.on('GET /api/search-history/single', { status: 500, body: { message: 'down' } });
    localStorage.setItem(
      storageKeys.searchHistory,
      JSON.stringify([row('l1', { result: { exactEmail: 'kept@acme.com', exactEmailScore: 95 } })]),
    );
    renderApp('/search/single');
    expect(
      await within(await screen.findByRole('table', { name: 'Search history' })).findByText(
        'kept@acme.com',
      ),
    ).toBeInTheDocument();
  });

  it('shows Out of Free Searches with Sign Up once the free searches are spent', async () => {
    const server = createFakeServer();
    serveHistory(server, () => [row('a'), row('b')]);
    const calls = stubSearchStream(() => finishedStream([[null, found]]));
    const { user } = renderApp('/search/single');
    await topBar().findByText('Credits available: 0');
    await fillForm(user, 'acme.com');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const dialog = await screen.findByRole('dialog', { name: searchMessages.outOfFreeSearches });
    expect(within(dialog).getByRole('link', { name: 'Sign Up' })).toHaveAttribute(
      'href',
      '/signup?redirectUrl=%2Fsearch%2Fsingle',
    );
    expect(calls).toHaveLength(0);
  });

  it('shows Out of Free Searches when the server refuses a guest with payment_error', async () => {
    const server = createFakeServer();
    serveHistory(server, () => []);
    stubSearchStream(() =>
      finishedStream([
        ['payment_error', { message: 'Not enough credits', required: 1, available: 0 }],
      ]),
    );
    const { user } = renderApp('/search/single');
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    verifyBotCheck('cGF5bG9hZA==');
    await fillForm(user, 'acme.com');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByRole('dialog', { name: searchMessages.outOfFreeSearches }),
    ).toBeInTheDocument();
  });
});
