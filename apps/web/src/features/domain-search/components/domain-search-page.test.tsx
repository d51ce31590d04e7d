import type { DomainPerson, DomainSearchAnswer } from '@mailhound/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, errorBody, type FakeServer } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { logIn } from '../../../test/session-fixtures.ts';
import { findTooltip } from '../../../test/tooltip.ts';
import { verdictFixture } from '../../../test/verdict-fixtures.ts';
import { captureSavedFiles } from '../../bulk/bulk.test-kit.ts';
import { pickOption } from '../../companies/filter-panel.test-kit.ts';
import { finishedStream, stubSearchStream } from '../../search/search-stream.test-kit.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function person(id: number, fname: string, lname: string, email: string | null, masked = true) {
  return {
    id: String(id),
    fname,
    lname,
    jobTitle: 'Head of Sales',
    department: 'sales',
    seniority: 'head',
    type: 'personal',
    email,
    masked,
    verdict: masked || email === null ? null : verdictFixture(email, 'valid'),
  } satisfies DomainPerson;
}

function acmeAnswer(page: number, johnPaid = false): DomainSearchAnswer {
  const first =
    page === 1
      ? [
          person(1, 'John', 'Smith', johnPaid ? 'john.smith@acme.com' : 'j•••@acme.com', !johnPaid),
          ...Array.from({ length: 9 }, (_, index) =>
            person(index + 2, `Eng${index}`, 'Coder', `e•••@acme.com`),
          ),
        ]
      : [person(11, 'Ann', 'Lee', 'a•••@acme.com')];
  return {
    domain: 'acme.com',
    organisation: {
      id: '7',
      slug: 'acme-inc',
      name: 'Acme Inc',
      industry: 'computer_software',
      country: 'Germany',
      employees: 120,
    },
    mail: {
      mxHosts: ['mx1.acme.com', 'mx2.acme.com'],
      mxError: null,
      acceptAll: false,
      webmail: false,
      disposable: false,
    },
    pattern: { pattern: 'first.last', verified: 37, against: 0 },
    people: { items: first, currentPage: page, totalPages: 2, totalItems: 11 },
  };
}

function serveAcme(server: FakeServer, johnPaid: () => boolean = () => false) {
  server.on('GET /api/domain-search', (request) => ({
    body: acmeAnswer(Number(request.query.get('page')), johnPaid()),
  }));
}

const nowhere: DomainSearchAnswer = {
  domain: 'nowhere.test',
  organisation: null,
  mail: {
    mxHosts: [],
    mxError: 'No MX records associated with domain found',
    acceptAll: null,
    webmail: false,
    disposable: false,
  },
  pattern: null,
  people: { items: [], currentPage: 1, totalPages: 0, totalItems: 0 },
};

const searches = (server: FakeServer) => server.requestsTo('GET /api/domain-search');
const people = () => screen.findByRole('table', { name: 'People' });

async function searchFor(user: ReturnType<typeof renderApp>['user'], text: string) {
  await screen.findByRole('heading', { name: 'Domain Search' });
  await user.type(screen.getByLabelText('Domain or company'), text);
  await user.click(screen.getByRole('button', { name: 'Search' }));
}

describe('Domain Search (issue 22)', () => {
  it('shows the organisation, mail facts, the pattern with its evidence and masked people', async () => {
    const server = createFakeServer();
    const { token } = logIn(server);
    serveAcme(server);
    const { user } = renderApp('/domain-search');
    await searchFor(user, 'acme.com');
    const table = await people();
    expect(searches(server)[0]?.query.get('domain')).toBe('acme.com');
    expect(searches(server)[0]?.query.get('company')).toBeNull();
    expect(searches(server)[0]?.headers.get('Authorization')).toBe(token);
    const organisation = screen.getByLabelText('Organisation');
    expect(within(organisation).getByRole('link', { name: 'Acme Inc' })).toHaveAttribute(
      'href',
      '/company/acme-inc',
    );
    const mail = screen.getByLabelText('Mail facts');
    expect(mail).toHaveTextContent('MX hosts: mx1.acme.com, mx2.acme.com');
    expect(mail).toHaveTextContent('Accept-all: No');
    expect(screen.getByLabelText('Pattern')).toHaveTextContent(
      'first.last, 37 verified addresses, 0 against',
    );
    const john = within(table).getByRole('row', { name: /John Smith/ });
    expect(john).toHaveTextContent('j•••@acme.com');
    expect(john).toHaveTextContent('Sales');
  });

  it('resolves a company name, and pages and filters the people', async () => {
    const server = createFakeServer();
    logIn(server);
    serveAcme(server);
    const { user } = renderApp('/domain-search');
    await searchFor(user, 'Acme Inc');
    await people();
    expect(searches(server)[0]?.query.get('company')).toBe('Acme Inc');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('row', { name: /Ann Lee/ })).toBeInTheDocument();
    expect(searches(server).at(-1)?.query.get('page')).toBe('2');
    await pickOption(user, 'Department', 'Sales');
    await waitFor(() => expect(searches(server).at(-1)?.query.get('department')).toBe('sales'));
    expect(searches(server).at(-1)?.query.get('page')).toBe('1');
    await pickOption(user, 'Type', 'Generic');
    await waitFor(() => expect(searches(server).at(-1)?.query.get('type')).toBe('generic'));
    expect(searches(server).at(-1)?.query.get('department')).toBe('sales');
  });

  it('Find runs the single search for that person and then shows the address in full', async () => {
    const server = createFakeServer();
    logIn(server);
    let paid = false;
    serveAcme(server, () => paid);
    const calls = stubSearchStream(() => {
      paid = true;
      return finishedStream([
        [
          null,
          {
            _id: 'h1',
            exactEmail: 'john.smith@acme.com',
            exactEmailScore: 99,
            charged: true,
            verdict: verdictFixture('john.smith@acme.com', 'valid'),
          },
        ],
      ]);
    });
    const { user } = renderApp('/domain-search');
    await searchFor(user, 'acme.com');
    await people();
    await user.click(screen.getByRole('button', { name: 'Find John Smith' }));
    const john = await screen.findByRole('row', { name: /john\.smith@acme\.com/ });
    expect(calls.map((call) => call.body)).toEqual([
      { firstName: 'John', lastName: 'Smith', companyWebsite: 'acme.com' },
    ]);
    // The page asks again: the address paid for now comes in full, and needs no Find.
    await waitFor(() => expect(searches(server)).toHaveLength(2));
    await waitFor(() =>
      expect(within(john).queryByRole('button', { name: 'Find John Smith' })).toBeNull(),
    );
    // Beside the address, the verdict on it (issue 22), as single search shows it.
    expect(john.querySelector('[data-verdict]')).toHaveAttribute('data-verdict', 'valid');
  });

  it('exports the addresses found and shown in full as CSV, spending nothing more', async () => {
    const server = createFakeServer();
    logIn(server);
    let paid = false;
    serveAcme(server, () => paid);
    stubSearchStream(() => {
      paid = true;
      return finishedStream([
        [
          null,
          {
            _id: 'h1',
            exactEmail: 'john.smith@acme.com',
            exactEmailScore: 99,
            charged: true,
            verdict: verdictFixture('john.smith@acme.com', 'valid'),
          },
        ],
      ]);
    });
    const saved = captureSavedFiles();
    const { user } = renderApp('/domain-search');
    await searchFor(user, 'acme.com');
    await people();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Find John Smith' }));
    await waitFor(() => expect(searches(server)).toHaveLength(2));
    const asked = server.requests.length;
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(saved[0]?.fileName).toBe('mailhound-acme.com.csv');
    // Blob.text() drops the byte-order mark.
    expect(await saved[0]?.file.text()).toBe(
      [
        'First Name,Last Name,Job Title,Company,Website,LinkedIn URL,Email,Score',
        'John,Smith,Head of Sales,Acme Inc,acme.com,,john.smith@acme.com,99',
        '',
      ].join('\r\n'),
    );
    expect(server.requests).toHaveLength(asked);
  });

  it('says the price of a Find on the button, before anything is spent', async () => {
    const server = createFakeServer();
    logIn(server);
    serveAcme(server, () => false);
    const calls = stubSearchStream(() => finishedStream([]));
    const { user } = renderApp('/domain-search');
    await searchFor(user, 'acme.com');
    await people();
    const find = screen.getByRole('button', { name: 'Find John Smith' });
    const price = 'One credit, only when the e-mail found is fully verified.';
    expect(find).toHaveAccessibleDescription(price);
    expect(screen.getByRole('button', { name: 'Find at acme.com' })).toHaveAccessibleDescription(
      price,
    );
    await user.hover(find);
    expect(await findTooltip(price)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('finds a name typed in at a domain the database does not know', async () => {
    const server = createFakeServer();
    logIn(server);
    server.on('GET /api/domain-search', { body: nowhere });
    const calls = stubSearchStream(() =>
      finishedStream([
        [
          null,
          { _id: 'h2', exactEmail: 'zoe.ray@nowhere.test', exactEmailScore: 99, charged: true },
        ],
      ]),
    );
    const { user } = renderApp('/domain-search');
    await searchFor(user, 'nowhere.test');
    await user.type(await screen.findByLabelText('First name'), 'Zoe');
    await user.type(screen.getByLabelText('Last name'), 'Ray');
    await user.click(screen.getByRole('button', { name: 'Find at nowhere.test' }));
    expect(await screen.findByText('zoe.ray@nowhere.test')).toBeInTheDocument();
    expect(calls.map((call) => call.body)).toEqual([
      { firstName: 'Zoe', lastName: 'Ray', companyWebsite: 'nowhere.test' },
    ]);
  });

  it('says plainly what is not known of a domain outside the database', async () => {
    const server = createFakeServer();
    logIn(server);
    server.on('GET /api/domain-search', { body: nowhere });
    const { user } = renderApp('/domain-search');
    await searchFor(user, 'nowhere.test');
    expect(
      await screen.findByText('This domain is not in our company database.'),
    ).toBeInTheDocument();
    const mail = screen.getByLabelText('Mail facts');
    expect(mail).toHaveTextContent('MX hosts: No MX records associated with domain found');
    expect(mail).toHaveTextContent('Accept-all: Not known yet');
    expect(screen.getByLabelText('Pattern')).toHaveTextContent(
      'No pattern known yet for this domain.',
    );
  });

  it("shows the server's message for a refused search", async () => {
    const server = createFakeServer();
    logIn(server);
    server.on('GET /api/domain-search', errorBody(400, 'Company not found'));
    const { user } = renderApp('/domain-search');
    await searchFor(user, 'Nobody Ltd');
    expect(await screen.findByText('Company not found')).toBeInTheDocument();
  });

  it('sends a guest to sign up instead of searching', async () => {
    const server = createFakeServer();
    const app = renderApp('/domain-search');
    await searchFor(app.user, 'acme.com');
    await waitFor(() => expect(app.location()).toMatch(/^\/signup/));
    expect(searches(server)).toHaveLength(0);
  });

  it('is linked from the top bar', async () => {
    const server = createFakeServer();
    logIn(server);
    const app = renderApp('/search/single');
    await screen.findByRole('heading', { name: 'Single Search' });
    await app.user.click(screen.getAllByRole('link', { name: 'Domain Search' })[0]!);
    await waitFor(() => expect(app.location()).toBe('/domain-search'));
  });
});
