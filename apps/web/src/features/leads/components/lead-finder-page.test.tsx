import {
  bulkMessages,
  contactMessages,
  filtersToQuery,
  type LeadItem,
  validationMessages as m,
  searchMessages,
  storageKeys,
  verifyReasons,
} from '@mailhound/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signUpReasons } from '../../../shared/session/sign-up-reason.ts';
import { createFakeServer, errorBody, type FakeServer } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { logIn } from '../../../test/session-fixtures.ts';
import { clickAndConfirm } from '../../../test/spend-confirm.ts';
import { verdictFixture } from '../../../test/verdict-fixtures.ts';
import { captureSavedFiles } from '../../bulk/bulk.test-kit.ts';
import { filterInput as input, pickOption } from '../../companies/filter-panel.test-kit.ts';
import {
  endBlock,
  logInWithMail,
  makeList,
  progressBlock,
  stubCreateStream,
} from '../../contacts/contacts.test-kit.ts';

function lead(index: number): LeadItem {
  return {
    id: String(index),
    fname: 'Ann',
    lname: `Lee${index}`,
    jobTitle: 'Head of Sales',
    department: 'sales',
    seniority: 'head',
    location: 'Berlin, Germany',
    linkedinUrl: `https://linkedin.com/in/ann-lee-${index}`,
    companyName: 'Acme Robotics',
    companySlug: 'acme-robotics',
    website: 'acme-robotics.com',
  };
}

// 15 leads, 10 a page; every page asked for spends one lead search.
function serveLeads(server: FakeServer, balance = 10) {
  let left = balance;
  server.on('GET /api/leads/search', (request) => {
    const page = Number(request.query.get('page'));
    left -= 1;
    const items = Array.from({ length: page === 1 ? 10 : 5 }, (_, index) =>
      lead((page - 1) * 10 + index + 1),
    );
    return {
      body: { items, currentPage: page, totalPages: 2, totalItems: 15, leadSearchBalance: left },
    };
  });
}

const leadSearches = (server: FakeServer) => server.requestsTo('GET /api/leads/search');
const table = () => screen.getByRole('table', { name: 'Leads' });

async function searchAcme(user: ReturnType<typeof renderApp>['user']) {
  await screen.findByRole('heading', { name: 'Lead Finder' });
  await user.type(input('Company Name'), 'Acme Robotics{enter}');
  await user.click(screen.getByRole('button', { name: 'Search' }));
  return screen.findByRole('table', { name: 'Leads' });
}

describe('lead filters (product-spec §5 "Company filters")', () => {
  it('says what a search spends, and a link opened with a page spends nothing until asked', async () => {
    const server = createFakeServer();
    logIn(server);
    server.on('GET /api/leads/search', (request) =>
      request.query.get('spend') === 'false'
        ? {
            body: {
              items: [],
              currentPage: 2,
              totalPages: 0,
              totalItems: 0,
              leadSearchBalance: 10,
              paid: false,
            },
          }
        : {
            body: {
              items: [lead(11)],
              currentPage: 2,
              totalPages: 2,
              totalItems: 11,
              leadSearchBalance: 9,
              paid: true,
            },
          },
    );
    const shared = `/lead-finder?${filtersToQuery({ companyName: ['Acme Robotics'] })}&page=2`;
    const { user } = renderApp(shared);
    expect(
      await screen.findByText(/A search uses 1 of them for all its pages/),
    ).toBeInTheDocument();
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(
      'These filters have not been searched on your account today. Searching uses 1 Lead Finder search (10 left).',
    );
    expect(leadSearches(server).map((request) => request.query.get('spend'))).toEqual(['false']);
    expect(screen.queryByRole('table', { name: 'Leads' })).toBeNull();

    await user.click(within(notice).getByRole('button', { name: 'Search (uses 1 search)' }));
    expect(await screen.findByRole('table', { name: 'Leads' })).toBeInTheDocument();
    expect(leadSearches(server).map((request) => request.query.get('spend'))).toEqual([
      'false',
      null,
    ]);
  });

  it('sends a guest to sign-up with the reason, without spending a search', async () => {
    const server = createFakeServer();
    const { user, location } = renderApp('/lead-finder');
    await screen.findByRole('heading', { name: 'Lead Finder' });
    await user.type(input('Company Name'), 'Acme Robotics{enter}');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(location()).toMatch(/^\/signup\?redirectUrl=/));
    expect(await screen.findByText(signUpReasons.leadFinder)).toBeVisible();
    expect(leadSearches(server)).toHaveLength(0);
  });

  it('asks for a job title of at least 2 characters', async () => {
    const server = createFakeServer();
    logIn(server);
    const { user } = renderApp('/lead-finder');
    await screen.findByRole('heading', { name: 'Lead Finder' });
    await user.type(input('Job Title'), 'A{enter}');
    expect(await screen.findByText(m.jobTitleMin)).toBeInTheDocument();
  });

  it('sends job title, department and seniority with the company filters', async () => {
    const server = createFakeServer();
    logIn(server);
    serveLeads(server);
    const { user, location } = renderApp('/lead-finder');
    await screen.findByRole('heading', { name: 'Lead Finder' });
    await user.type(input('Job Title'), 'Head of Sales{enter}');
    await pickOption(user, 'Department', 'Sales');
    await pickOption(user, 'Seniority', 'C-Level');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('table', { name: 'Leads' });
    const query = filtersToQuery({
      jobTitle: ['Head of Sales'],
      department: ['sales'],
      seniority: ['c_level'],
    });
    expect(location()).toBe(`/lead-finder?${query}&page=1`);
    const [request] = leadSearches(server);
    for (const [key, value] of query) expect(request?.query.get(key)).toBe(value);
  });
});

describe('lead search (issue 7: leadSearchBalance)', () => {
  it('shows Searches available, following each search', async () => {
    const server = createFakeServer();
    logIn(server);
    serveLeads(server, 10);
    const { user } = renderApp('/lead-finder');
    expect(await screen.findByText('Searches available: 10')).toBeInTheDocument();
    await searchAcme(user);
    expect(await screen.findByText('Searches available: 9')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Searches available: 8')).toBeInTheDocument();
    expect(within(table()).getAllByRole('row')).toHaveLength(6);
    expect(screen.getByText('Showing 11-15 of 15 results')).toBeInTheDocument();
  });

  it('shows the lead and its company page, department and seniority', async () => {
    const server = createFakeServer();
    logIn(server);
    serveLeads(server);
    const { user } = renderApp('/lead-finder');
    await searchAcme(user);
    const [, first] = within(table()).getAllByRole('row');
    const cells = within(first as HTMLElement);
    expect(first).toHaveTextContent('Ann Lee1');
    expect(first).toHaveTextContent('Head of Sales');
    expect(first).toHaveTextContent('Sales');
    expect(first).toHaveTextContent('Berlin, Germany');
    expect(cells.getByRole('link', { name: 'Acme Robotics' })).toHaveAttribute(
      'href',
      '/company/acme-robotics',
    );
    expect(cells.getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      'https://linkedin.com/in/ann-lee-1',
    );
  });

  it('says so when no lead searches are left', async () => {
    const server = createFakeServer();
    logIn(server);
    server.on('GET /api/leads/search', errorBody(402, 'No lead searches left'));
    const { user } = renderApp('/lead-finder');
    await screen.findByRole('heading', { name: 'Lead Finder' });
    await user.type(input('Company Name'), 'Acme{enter}');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No lead searches left');
    expect(within(alert).getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute(
      'href',
      '/purchase',
    );
  });

  it('runs at once when opened from a company page with the autoSearch flag', async () => {
    const server = createFakeServer();
    logIn(server);
    serveLeads(server);
    localStorage.setItem(storageKeys.autoSearch, 'true');
    renderApp(`/lead-finder?${filtersToQuery({ companyName: ['Acme Robotics'] })}`);
    expect(await screen.findByRole('table', { name: 'Leads' })).toBeVisible();
    expect(leadSearches(server)[0]?.query.get('companyName')).toBe('["Acme Robotics"]');
    expect(screen.getByText('Acme Robotics', { selector: 'span' })).toBeInTheDocument();
    expect(localStorage.getItem(storageKeys.autoSearch)).toBeNull();
  });
});

describe('Find emails for selected leads', () => {
  it('finds the selected leads’ addresses and shows each with its score icon', async () => {
    const server = createFakeServer();
    logIn(server);
    serveLeads(server);
    server.on('POST /api/leads/find-emails', {
      body: {
        items: [
          {
            leadId: '1',
            exactEmail: 'ann.lee1@acme-robotics.com',
            exactEmailScore: 99,
            verdict: verdictFixture('ann.lee1@acme-robotics.com', 'valid'),
            error: null,
          },
          {
            leadId: '3',
            exactEmail: 'ann.lee3@acme-robotics.com',
            exactEmailScore: 50,
            verdict: verdictFixture('ann.lee3@acme-robotics.com', 'accept_all'),
            error: null,
          },
          {
            leadId: '2',
            exactEmail: null,
            exactEmailScore: 0,
            verdict: null,
            error: 'Connection timed out',
          },
        ],
      },
    });
    const { user } = renderApp('/lead-finder');
    await searchAcme(user);
    const findButton = screen.getByRole('button', { name: 'Find emails' });
    expect(findButton).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select Ann Lee1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Ann Lee2' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Ann Lee3' }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    await clickAndConfirm(user, 'Find emails');

    expect(await screen.findByText('ann.lee1@acme-robotics.com')).toBeInTheDocument();
    expect(server.requestsTo('POST /api/leads/find-emails')[0]?.body).toEqual({
      leadIds: ['1', '2', '3'],
    });
    const rows = within(table()).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByRole('img', { name: 'Score 99' })).toHaveAttribute(
      'data-score-color',
      'green',
    );
    expect(within(rows[3] as HTMLElement).getByRole('img', { name: 'Score 50' })).toHaveAttribute(
      'data-score-color',
      'yellow',
    );
    // The verdict beside each address found, its reason read out with it (issue 22).
    const verdictOf = (row: number) =>
      (rows[row] as HTMLElement).querySelector('[data-verdict]')?.getAttribute('data-verdict');
    expect([verdictOf(1), verdictOf(2), verdictOf(3)]).toEqual(['valid', undefined, 'accept_all']);
    expect(rows[1]).toHaveTextContent(`Valid: ${verifyReasons.valid}`);
    expect(rows[3]).toHaveTextContent(`Accept all: ${verifyReasons.acceptAll}`);
    // The finder's reasons read as they do in the single search's history.
    expect(rows[2]).toHaveTextContent(
      'We had trouble connecting to the company’s mail server. Please try again later.',
    );
    expect(screen.getByText('0 selected')).toBeInTheDocument();
  });

  it('shows the price and the balance before Find emails spends; cancelling sends nothing', async () => {
    const server = createFakeServer();
    logIn(server, { balance: { balance: 25, onHold: 0 } });
    serveLeads(server);
    const { user } = renderApp('/lead-finder');
    await searchAcme(user);
    for (const name of ['Select Ann Lee1', 'Select Ann Lee2', 'Select Ann Lee3'])
      await user.click(screen.getByRole('checkbox', { name }));
    await user.click(screen.getByRole('button', { name: 'Find emails' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Find emails' }));
    expect(dialog.getByText(bulkMessages.youWillPay(3))).toBeInTheDocument();
    expect(dialog.getByText('Credits available: 25')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Find emails' })).toBeNull());
    expect(server.requestsTo('POST /api/leads/find-emails')).toHaveLength(0);
    expect(screen.getByText('3 selected')).toBeInTheDocument();
  });

  it('finds many leads a few at a time, filling the table and the progress as answers come', async () => {
    const server = createFakeServer();
    logIn(server);
    serveLeads(server);
    const held: Array<() => void> = [];
    server.on('POST /api/leads/find-emails', async (request) => {
      const { leadIds } = request.body as { leadIds: string[] };
      // The third call waits until the test lets it answer.
      if (leadIds.includes('9')) await new Promise<void>((resolve) => held.push(resolve));
      return {
        body: {
          items: leadIds.map((leadId) => ({
            leadId,
            exactEmail: `ann.lee${leadId}@acme-robotics.com`,
            exactEmailScore: 99,
            verdict: null,
            error: null,
          })),
        },
      };
    });
    const { user } = renderApp('/lead-finder');
    await searchAcme(user);
    await user.click(screen.getByRole('checkbox', { name: 'Select all leads on this page' }));
    await clickAndConfirm(user, 'Find emails');

    expect(await screen.findByText('Finding emails: 8 of 10')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Finding emails' })).toHaveAttribute(
      'aria-valuenow',
      '80',
    );
    expect(screen.getByText('ann.lee8@acme-robotics.com')).toBeInTheDocument();
    expect(screen.queryByText('ann.lee9@acme-robotics.com')).not.toBeInTheDocument();
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    for (const answer of held) answer();

    expect(await screen.findByText('ann.lee10@acme-robotics.com')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Finding emails' })).not.toBeInTheDocument();
    expect(server.requestsTo('POST /api/leads/find-emails').map((call) => call.body)).toEqual([
      { leadIds: ['1', '2', '3', '4'] },
      { leadIds: ['5', '6', '7', '8'] },
      { leadIds: ['9', '10'] },
    ]);
    expect(screen.getByText('0 selected')).toBeInTheDocument();
  });

  it('selects every lead of the page at once', async () => {
    const server = createFakeServer();
    logIn(server);
    serveLeads(server);
    const { user } = renderApp('/lead-finder');
    await searchAcme(user);
    await user.click(screen.getByRole('checkbox', { name: 'Select all leads on this page' }));
    expect(screen.getByText('10 selected')).toBeInTheDocument();
  });

  it('opens the credits modal on 402', async () => {
    const server = createFakeServer();
    logIn(server, {
      user: { plan: { name: 'Pro', is_default: false } },
      balance: { balance: 1, onHold: 0 },
    });
    serveLeads(server);
    server.on('POST /api/leads/find-emails', errorBody(402, 'Not enough credits'));
    const { user } = renderApp('/lead-finder');
    await searchAcme(user);
    await user.click(screen.getByRole('checkbox', { name: 'Select all leads on this page' }));
    await clickAndConfirm(user, 'Find emails');
    const modal = await screen.findByRole('dialog', { name: 'Credits required' });
    expect(modal).toHaveTextContent(searchMessages.notEnoughCredits(9));
    expect(
      within(modal).getByRole('link', { name: searchMessages.purchaseCredits }),
    ).toHaveAttribute('href', '/purchase');
  });

  it('opens the credits modal at zero balance without asking the server', async () => {
    const server = createFakeServer();
    logIn(server, { balance: { balance: 0, onHold: 0 } });
    serveLeads(server);
    const { user } = renderApp('/lead-finder');
    await searchAcme(user);
    await user.click(screen.getByRole('checkbox', { name: 'Select Ann Lee1' }));
    await user.click(screen.getByRole('button', { name: 'Find emails' }));
    const modal = await screen.findByRole('dialog', { name: 'Credits required' });
    expect(modal).toHaveTextContent(searchMessages.searchLimitReached);
    expect(server.requestsTo('POST /api/leads/find-emails')).toHaveLength(0);
  });
});

const acmeQuery = filtersToQuery({ companyName: ['Acme Robotics'] });

describe('the searched state in the address (Back and reload show the same results)', () => {
  it('shows the page of leads an address with filters and a page names, on opening it', async () => {
    const server = createFakeServer();
    logIn(server);
    serveLeads(server);
    renderApp(`/lead-finder?${acmeQuery}&page=2`);
    expect(await screen.findByText('Showing 11-15 of 15 results')).toBeInTheDocument();
    expect(within(table()).getAllByRole('row')).toHaveLength(6);
    expect(screen.getByText('Acme Robotics', { selector: 'span' })).toBeInTheDocument();
    expect(leadSearches(server).map((request) => request.query.get('page'))).toEqual(['2']);
  });

  it('writes the page the user turns to into the address', async () => {
    const server = createFakeServer();
    logIn(server);
    serveLeads(server);
    const { user, location } = renderApp('/lead-finder');
    await searchAcme(user);
    expect(location()).toBe(`/lead-finder?${acmeQuery}&page=1`);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Showing 11-15 of 15 results')).toBeInTheDocument();
    expect(location()).toBe(`/lead-finder?${acmeQuery}&page=2`);
  });

  it('shows the same page on Back from a company page, without spending another search', async () => {
    const server = createFakeServer();
    logIn(server);
    serveLeads(server);
    const company = 'GET /api/company/companies/acme-robotics';
    server.on(company, {
      body: {
        companyName: 'Acme Robotics',
        website: 'acme-robotics.com',
        country: 'Germany',
        industry: 'computer_software',
        employees: '250',
        foundedYear: 1998,
        revenue: null,
        instagramUrl: null,
        facebookUrl: null,
        twitterUrl: null,
        linkedinUrl: null,
        logoUrl: null,
      },
    });
    server.on(`${company}/employeesStats`, { body: {} });
    server.on(`${company}/leadTitles`, { body: [] });
    server.on(`${company}/similarCompanies`, { body: [] });
    const { user, router, location } = renderApp('/lead-finder');
    await searchAcme(user);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Showing 11-15 of 15 results');
    const [, first] = within(table()).getAllByRole('row');
    await user.click(within(first as HTMLElement).getByRole('link', { name: 'Acme Robotics' }));
    await screen.findByRole('heading', { name: 'Acme Robotics' });

    await router.navigate(-1);
    expect(await screen.findByText('Showing 11-15 of 15 results')).toBeInTheDocument();
    expect(location()).toBe(`/lead-finder?${acmeQuery}&page=2`);
    expect(within(table()).getByText('Ann Lee11')).toBeInTheDocument();
    expect(leadSearches(server).map((request) => request.query.get('page'))).toEqual(['1', '2']);
  });
});

// The export's bytes: Blob.text() would drop the byte-order mark.
async function savedText(file: Blob | undefined): Promise<string> {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await file?.arrayBuffer());
}

function answerFound(server: FakeServer) {
  server.on('POST /api/leads/find-emails', (request) => {
    const { leadIds } = request.body as { leadIds: string[] };
    return {
      body: {
        items: leadIds.map((leadId) =>
          leadId === '2'
            ? { leadId, exactEmail: null, exactEmailScore: 0, verdict: null, error: null }
            : {
                leadId,
                exactEmail: `ann.lee${leadId}@acme-robotics.com`,
                exactEmailScore: leadId === '11' ? 60 : 99,
                verdict: null,
                error: null,
              },
        ),
      },
    };
  });
}

async function findFor(user: ReturnType<typeof renderApp>['user'], names: string[]) {
  for (const name of names) await user.click(screen.getByRole('checkbox', { name }));
  await clickAndConfirm(user, 'Find emails');
  await waitFor(() => expect(screen.getByText('0 selected')).toBeInTheDocument());
}

// Opened on a searched page: these flows are about what follows the search.
const acmePage = `/lead-finder?${acmeQuery}&page=1`;

// Each flow runs a search, finds and creates; a busy machine may need more than 5 s for it.
describe('taking the found emails away (Export CSV, Create Contact List)', {
  timeout: 15_000,
}, () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('turns both off, saying why, until an email has been found', async () => {
    const server = createFakeServer();
    logInWithMail(server);
    serveLeads(server);
    renderApp(acmePage);
    await screen.findByRole('table', { name: 'Leads' });
    const hint = 'No emails found yet: select leads and click Find emails first.';
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveAccessibleDescription(hint);
    expect(screen.getByRole('button', { name: 'Create Contact List' })).toBeDisabled();
    expect(screen.getByText(hint)).toBeInTheDocument();
  });

  it('exports every lead looked up, on any page, with its email and score, formula-safe and free', async () => {
    const server = createFakeServer();
    logIn(server);
    server.on('GET /api/leads/search', (request) => {
      const page = Number(request.query.get('page'));
      const items =
        page === 1
          ? [
              lead(1),
              { ...lead(2), jobTitle: '=HYPERLINK("http://evil.test")', companyName: 'Acme, Inc' },
              lead(3),
            ]
          : [lead(11)];
      return {
        body: { items, currentPage: page, totalPages: 2, totalItems: 4, leadSearchBalance: 5 },
      };
    });
    answerFound(server);
    const saved = captureSavedFiles();
    const { user } = renderApp(acmePage);
    await screen.findByRole('table', { name: 'Leads' });
    await findFor(user, ['Select Ann Lee1', 'Select Ann Lee2']);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await within(table()).findByText('Ann Lee11');
    await findFor(user, ['Select Ann Lee11']);
    // Without the mail section there is no list to create.
    expect(screen.queryByRole('button', { name: 'Create Contact List' })).toBeNull();
    const charged = server.requests.length;
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(saved).toHaveLength(1);
    expect(saved[0]?.fileName).toMatch(/^mailhound-leads-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(saved[0]?.file.type).toBe('text/csv;charset=utf-8');
    expect(await savedText(saved[0]?.file)).toBe(
      [
        '\uFEFFFirst Name,Last Name,Job Title,Company,Website,LinkedIn URL,Email,Score',
        'Ann,Lee1,Head of Sales,Acme Robotics,acme-robotics.com,https://linkedin.com/in/ann-lee-1,ann.lee1@acme-robotics.com,99',
        'Ann,Lee2,"\'=HYPERLINK(""http://evil.test"")","Acme, Inc",acme-robotics.com,https://linkedin.com/in/ann-lee-2,,',
        'Ann,Lee11,Head of Sales,Acme Robotics,acme-robotics.com,https://linkedin.com/in/ann-lee-11,ann.lee11@acme-robotics.com,60',
        '',
      ].join('\r\n'),
    );
    // Built in the browser: no call, no credit.
    expect(server.requests).toHaveLength(charged);
  });

  it('creates a contact list of the leads with an email found, then opens it', async () => {
    const server = createFakeServer();
    logInWithMail(server);
    serveLeads(server);
    answerFound(server);
    server.on('GET /api/mail/groups/check', { body: { available: true } });
    server.on('GET /api/mail/customers/create-or-update/op-1', {
      body: {
        data: [
          { id: 'c-1', email: 'ann.lee1@acme-robotics.com', fname: 'Ann', lname: 'Lee1' },
          { id: 'c-3', email: 'ann.lee3@acme-robotics.com', fname: 'Ann', lname: 'Lee3' },
        ],
        skipped: 0,
      },
    });
    server.on('POST /api/mail/groups', { status: 201, body: makeList(9, { id: 'list-9' }) });
    const stream = stubCreateStream([progressBlock(2, 2), endBlock('op-1')]);
    const { user, location } = renderApp(acmePage);
    await screen.findByRole('table', { name: 'Leads' });
    await findFor(user, ['Select Ann Lee1', 'Select Ann Lee2', 'Select Ann Lee3']);

    await user.click(screen.getByRole('button', { name: 'Create Contact List' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Contact List' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Acme heads of sales');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(location()).toBe('/contacts/details/list-9'));
    expect(server.requestsTo('GET /api/mail/groups/check')[0]?.query.get('name')).toBe(
      'Acme heads of sales',
    );
    // Lee2 has no email: only the found ones become contacts.
    expect(stream.calls[0]?.body).toEqual({
      customers: [
        { email: 'ann.lee1@acme-robotics.com', fname: 'Ann', lname: 'Lee1' },
        { email: 'ann.lee3@acme-robotics.com', fname: 'Ann', lname: 'Lee3' },
      ],
    });
    expect(server.requestsTo('POST /api/mail/groups')[0]?.body).toEqual({
      name: 'Acme heads of sales',
      customer_ids: ['c-1', 'c-3'],
    });
  });

  it('keeps the name modal open with the name-in-use error', async () => {
    const server = createFakeServer();
    logInWithMail(server);
    serveLeads(server);
    answerFound(server);
    server.on('GET /api/mail/groups/check', errorBody(409, contactMessages.nameInUse));
    const stream = stubCreateStream([endBlock('op-1')]);
    const { user } = renderApp(acmePage);
    await screen.findByRole('table', { name: 'Leads' });
    await findFor(user, ['Select Ann Lee1']);
    await user.click(screen.getByRole('button', { name: 'Create Contact List' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Contact List' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Taken');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(contactMessages.nameInUse)).toBeInTheDocument();
    expect(stream.calls).toHaveLength(0);
  });
});
