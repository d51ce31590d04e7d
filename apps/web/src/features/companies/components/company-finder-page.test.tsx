import {
  type CompanySearchItem,
  filtersToQuery,
  validationMessages as m,
  storageKeys,
} from '@mailhound/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signUpReasons } from '../../../shared/session/sign-up-reason.ts';
import { createFakeServer, errorBody, type FakeServer } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { logIn } from '../../../test/session-fixtures.ts';
import { filterInput, pickOption } from '../filter-panel.test-kit.ts';

function company(index: number): CompanySearchItem {
  return {
    companyName: `Company ${index}`,
    slug: `company-${index}`,
    website: `company${index}.com`,
    country: 'Germany',
    industry: 'computer_software',
    employees: '120',
    foundedYear: 2001,
    revenue: '1000000,10000000',
    instagramUrl: null,
    facebookUrl: null,
    twitterUrl: null,
    linkedinUrl: null,
    logoUrl: null,
  };
}

// 25 companies, answered 10 a page like the server.
function serveCompanies(server: FakeServer, total = 25) {
  server.on('GET /api/companies/search', (request) => {
    const page = Number(request.query.get('page'));
    const first = (page - 1) * 10;
    const items = Array.from({ length: Math.max(0, Math.min(10, total - first)) }, (_, index) =>
      company(first + index + 1),
    );
    return {
      body: { items, currentPage: page, totalPages: Math.ceil(total / 10), totalItems: total },
    };
  });
}

const input = filterInput;
const searchButton = () => screen.getByRole('button', { name: 'Search' });
const searches = (server: FakeServer) => server.requestsTo('GET /api/companies/search');

async function openFinder(search = '') {
  const view = renderApp(`/company-finder${search}`);
  await screen.findByRole('heading', { name: 'Company Finder' });
  return view;
}

describe('company filters (product-spec §5 "Company filters")', () => {
  it('refuses a company name under 2 characters or that is a URL', async () => {
    const server = createFakeServer();
    logIn(server);
    const { user } = await openFinder();
    await user.type(input('Company Name'), 'A{enter}');
    expect(await screen.findByText(m.companyNameMin)).toBeInTheDocument();
    await user.type(input('Company Name'), '{backspace}https://acme.com{enter}');
    expect(await screen.findByText(m.companyNameUrl)).toBeInTheDocument();
    await user.click(searchButton());
    expect(searches(server)).toHaveLength(0);
  });

  it('checks the founded years: from 1, not in the future, To not below From', async () => {
    const server = createFakeServer();
    logIn(server);
    const { user } = await openFinder();
    await user.type(input('From'), '0');
    expect(await screen.findByText(m.foundedYearMin)).toBeInTheDocument();
    await user.clear(input('From'));
    await user.type(input('From'), String(new Date().getFullYear() + 1));
    expect(await screen.findByText(m.foundedYearMax)).toBeInTheDocument();
    await user.clear(input('From'));
    await user.type(input('From'), '2010');
    await user.type(input('To'), '2005');
    expect(await screen.findByText(m.foundedYearOrder)).toBeInTheDocument();
    await user.clear(input('To'));
    await user.type(input('To'), '2015');
    await waitFor(() => expect(screen.queryByText(m.foundedYearOrder)).toBeNull());
  });
});

describe('filter search rules (product-spec §5 "Filter search rules")', () => {
  it('says so when no filter is selected, without searching', async () => {
    const server = createFakeServer();
    logIn(server);
    const { user } = await openFinder();
    await user.click(searchButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have not selected any filters. Please select at least one.',
    );
    expect(searches(server)).toHaveLength(0);
  });

  it('refuses a founded year alone', async () => {
    const server = createFakeServer();
    logIn(server);
    const { user } = await openFinder();
    await user.type(input('From'), '2000');
    await user.click(searchButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Searching by year alone isn't possible. Please select at least one additional filter option.",
    );
  });

  it('refuses an excluded location alone', async () => {
    const server = createFakeServer();
    logIn(server);
    const { user } = await openFinder();
    await user.type(input('Exclude Locations'), 'France{enter}');
    await user.click(searchButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Searching by exclude location alone isn't possible. Please select at least one additional filter option.",
    );
  });

  it('refuses founded years with excluded locations and nothing else, then searches with one more filter', async () => {
    const server = createFakeServer();
    logIn(server);
    serveCompanies(server);
    const { user } = await openFinder();
    await user.type(input('Exclude Locations'), 'France{enter}');
    await user.type(input('To'), '2020');
    await user.click(searchButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Using both Founded In and Exclude Locations together isn't allowed. Please select an additional filter to proceed.",
    );
    expect(searches(server)).toHaveLength(0);

    await user.type(input('Locations'), 'Germany{enter}');
    await user.click(searchButton());
    await waitFor(() => expect(searches(server)).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server’s refusal', async () => {
    const server = createFakeServer();
    logIn(server);
    server.on(
      'GET /api/companies/search',
      errorBody(400, 'You have not selected any filters. Please select at least one.'),
    );
    const { user } = await openFinder();
    await user.type(input('Locations'), 'Germany{enter}');
    await user.click(searchButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have not selected any filters. Please select at least one.',
    );
  });
});

describe('filters in the query string (product-spec §3 "Filter search object")', () => {
  it('writes the searched filters to the address and sends them to the server', async () => {
    const server = createFakeServer();
    logIn(server);
    serveCompanies(server);
    const { user, location } = await openFinder();
    await user.type(input('Company Name'), 'Acme{enter}');
    await user.type(input('Locations'), 'Germany{enter}');
    await user.type(input('From'), '1990');
    await pickOption(user, 'Industry', 'Computer Software');
    await pickOption(user, 'Company Size', '51-200 employees');
    await user.click(searchButton());

    const expected = filtersToQuery({
      companyName: ['Acme'],
      industry: ['computer_software'],
      locations: ['Germany'],
      employees: ['51-200'],
      years: { from: 1990 },
    });
    await waitFor(() => expect(location()).toBe(`/company-finder?${expected}&page=1`));
    await waitFor(() => expect(searches(server)).toHaveLength(1));
    const [request] = searches(server);
    for (const [key, value] of expected) expect(request?.query.get(key)).toBe(value);
    expect(request?.query.get('page')).toBe('1');
    expect(request?.query.get('perPage')).toBe('10');
  });

  it('searches a typed location by the country’s listed name, whatever the case', async () => {
    const server = createFakeServer();
    logIn(server);
    serveCompanies(server);
    const { user } = await openFinder();
    await user.type(input('Locations'), 'germany{enter}');
    await user.type(input('Exclude Locations'), 'usa{enter}');
    await user.click(searchButton());
    await waitFor(() => expect(searches(server)).toHaveLength(1));
    expect(searches(server)[0]?.query.get('locations')).toBe('["Germany"]');
    expect(searches(server)[0]?.query.get('exclude')).toBe('["United States"]');
  });

  it('restores the filters of a shared link, and searches them on Search', async () => {
    const server = createFakeServer();
    logIn(server);
    serveCompanies(server);
    const query = filtersToQuery({
      companyName: ['Acme'],
      exclude: ['France'],
      revenue: ['10M-50M'],
      years: { from: 1990, to: 2000 },
    });
    const { user } = await openFinder(`?${query}`);
    expect(screen.getByText('Acme')).toBeInTheDocument();
    expect(screen.getByText('France')).toBeInTheDocument();
    expect(screen.getByText('$10M – $50M')).toBeInTheDocument();
    expect(input('From')).toHaveValue('1990');
    expect(input('To')).toHaveValue('2000');
    // Without the autoSearch flag nothing runs until the user asks.
    expect(searches(server)).toHaveLength(0);

    await user.click(searchButton());
    await waitFor(() => expect(searches(server)).toHaveLength(1));
    expect(new URLSearchParams(searches(server)[0]?.query).get('years')).toBe(
      '{"from":1990,"to":2000}',
    );
  });

  it('leaves out an industry, size or revenue the fields do not offer', async () => {
    const server = createFakeServer();
    logIn(server);
    serveCompanies(server);
    const query = new URLSearchParams({
      industry: '["no_such","computer_software"]',
      employees: '["1-9999"]',
      revenue: '["lots"]',
      page: '1',
    });
    await openFinder(`?${query}`);
    await waitFor(() => expect(searches(server)).toHaveLength(1));
    const [request] = searches(server);
    expect(request?.query.get('industry')).toBe('["computer_software"]');
    expect(request?.query.has('employees')).toBe(false);
    expect(request?.query.has('revenue')).toBe(false);
    expect(screen.queryByText('no_such')).toBeNull();
  });

  it('leaves out parameters that are not valid filters', async () => {
    const server = createFakeServer();
    logIn(server);
    await openFinder('?companyName=%5B%22A%22%5D&locations=%5B%22Spain%22%5D');
    expect(screen.getByText('Spain')).toBeInTheDocument();
    expect(screen.queryByText('A')).toBeNull();
    expect(screen.queryByText(m.companyNameMin)).toBeNull();
  });
});

describe('results (product-spec §2)', () => {
  it('pages the companies 10 a page, each linking to its company page', async () => {
    const server = createFakeServer();
    logIn(server);
    serveCompanies(server);
    const { user } = await openFinder();
    await user.type(input('Locations'), 'Germany{enter}');
    await user.click(searchButton());
    const table = await screen.findByRole('table', { name: 'Companies' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByRole('link', { name: 'Company 1' })).toHaveAttribute(
      'href',
      '/company/company-1',
    );
    expect(within(table).getAllByText('Computer Software')).toHaveLength(10);
    expect(within(table).getAllByText('$1M – $10M')).toHaveLength(10);
    expect(screen.getByText('Showing 1-10 of 25 results')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await within(table).findByRole('link', { name: 'Company 21' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(screen.getByText('Showing 21-25 of 25 results')).toBeInTheDocument();
    expect(searches(server).map((request) => request.query.get('page'))).toEqual(['1', '3']);
  });

  it('says when nothing was found', async () => {
    const server = createFakeServer();
    logIn(server);
    serveCompanies(server, 0);
    const { user } = await openFinder();
    await user.type(input('Locations'), 'Atlantis{enter}');
    await user.click(searchButton());
    expect(await screen.findByText('No companies were found. Try other filters.')).toBeVisible();
  });

  it('sends a guest to sign-up, coming back to the same filters', async () => {
    const server = createFakeServer();
    const { user, location } = await openFinder();
    await user.type(input('Locations'), 'Germany{enter}');
    await user.click(searchButton());
    const back = `/company-finder?${filtersToQuery({ locations: ['Germany'] })}`;
    await waitFor(() =>
      expect(location()).toBe(`/signup?${new URLSearchParams({ redirectUrl: back })}`),
    );
    expect(await screen.findByText(signUpReasons.companySearch)).toBeVisible();
    expect(searches(server)).toHaveLength(0);
  });
});

describe('autoSearch (product-spec §3: the local flag)', () => {
  it('searches at once when the page opens with the flag and filters, then clears the flag', async () => {
    const server = createFakeServer();
    logIn(server);
    serveCompanies(server);
    localStorage.setItem(storageKeys.autoSearch, 'true');
    await openFinder(`?${filtersToQuery({ locations: ['Germany'] })}`);
    expect(await screen.findByRole('table', { name: 'Companies' })).toBeVisible();
    expect(searches(server)).toHaveLength(1);
    expect(localStorage.getItem(storageKeys.autoSearch)).toBeNull();
  });

  it('does not search with the flag but no filters, and still clears it', async () => {
    const server = createFakeServer();
    logIn(server);
    serveCompanies(server);
    localStorage.setItem(storageKeys.autoSearch, 'true');
    await openFinder();
    await waitFor(() => expect(localStorage.getItem(storageKeys.autoSearch)).toBeNull());
    expect(searches(server)).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

// The company page of a result row, as the finder's links open it.
function serveCompanyPage(server: FakeServer, index: number) {
  const base = `GET /api/company/companies/company-${index}`;
  server.on(base, { body: company(index) });
  server.on(`${base}/employeesStats`, { body: {} });
  server.on(`${base}/leadTitles`, { body: [] });
  server.on(`${base}/similarCompanies`, { body: [] });
}

const farming = filtersToQuery({ industry: ['farming'] });

describe('the searched state in the address (Back and reload show the same results)', () => {
  it('shows the page of results an address with filters and a page names, on opening it', async () => {
    const server = createFakeServer();
    logIn(server);
    serveCompanies(server);
    await openFinder(`?${farming}&page=2`);
    const table = await screen.findByRole('table', { name: 'Companies' });
    expect(within(table).getByRole('link', { name: 'Company 11' })).toBeInTheDocument();
    expect(screen.getByText('Showing 11-20 of 25 results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('data-active', 'true');
    expect(screen.getByText('Farming')).toBeInTheDocument();
    const [request] = searches(server);
    expect(request?.query.get('industry')).toBe('["farming"]');
    expect(request?.query.get('page')).toBe('2');
  });

  it('writes the page the user turns to into the address', async () => {
    const server = createFakeServer();
    logIn(server);
    serveCompanies(server);
    const { user, location } = await openFinder();
    await pickOption(user, 'Industry', 'Farming');
    await user.click(searchButton());
    await waitFor(() => expect(location()).toBe(`/company-finder?${farming}&page=1`));
    await screen.findByRole('table', { name: 'Companies' });
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(location()).toBe(`/company-finder?${farming}&page=3`));
    expect(await screen.findByText('Showing 21-25 of 25 results')).toBeInTheDocument();

    // A new search starts again at page 1.
    await user.click(searchButton());
    await waitFor(() => expect(location()).toBe(`/company-finder?${farming}&page=1`));
  });

  it('shows the same page of results on Back from a company page', async () => {
    const server = createFakeServer();
    logIn(server);
    serveCompanies(server);
    serveCompanyPage(server, 11);
    const { user, router, location } = await openFinder();
    await pickOption(user, 'Industry', 'Farming');
    await user.click(searchButton());
    await screen.findByRole('table', { name: 'Companies' });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.click(await screen.findByRole('link', { name: 'Company 11' }));
    await waitFor(() => expect(location()).toBe('/company/company-11'));

    await router.navigate(-1);
    await screen.findByRole('table', { name: 'Companies' });
    expect(location()).toBe(`/company-finder?${farming}&page=2`);
    // The page's rows come back from the query cache or a refetch, and the table may be drawn
    // again meanwhile: wait for the rows in the table as it is then, not the one first found.
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Companies' })).getByRole('link', {
          name: 'Company 11',
        }),
      ).toBeInTheDocument(),
    );
    // The footer is drawn again with the rows: wait until it reads the same in the document.
    await waitFor(() =>
      expect(screen.getByText('Showing 11-20 of 25 results')).toBeInTheDocument(),
    );
    // The filter form is drawn again from the address too: its chosen industry comes back.
    await waitFor(() => expect(screen.getByText('Farming')).toBeInTheDocument());
  });

  it('turns an address’s page past the end of the results to the last page', async () => {
    const server = createFakeServer();
    logIn(server);
    serveCompanies(server);
    const { location } = await openFinder(`?${farming}&page=9`);
    expect(await screen.findByText('Showing 21-25 of 25 results')).toBeInTheDocument();
    expect(location()).toBe(`/company-finder?${farming}&page=3`);
  });

  it('leaves an address without a valid page unsearched, as a shared filter link', async () => {
    const server = createFakeServer();
    logIn(server);
    serveCompanies(server);
    await openFinder(`?${farming}&page=0`);
    expect(screen.getByText('Farming')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Companies' })).toBeNull();
    expect(searches(server)).toHaveLength(0);
  });

  it('does not search an address whose filters break the search rules, page or not', async () => {
    const server = createFakeServer();
    logIn(server);
    serveCompanies(server);
    await openFinder(`?${filtersToQuery({ years: { from: 2000 } })}&page=1`);
    expect(input('From')).toHaveValue('2000');
    expect(searches(server)).toHaveLength(0);
  });
});

describe('the search-rule message follows the filters', () => {
  it('goes away when the year range is made invalid, leaving the field’s own message', async () => {
    const server = createFakeServer();
    logIn(server);
    const { user } = await openFinder();
    await user.type(input('From'), '2010');
    await user.click(searchButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(m.filterYearAlone);

    await user.type(input('To'), '2005');
    expect(await screen.findByText(m.foundedYearOrder)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(m.filterYearAlone)).toBeNull();
  });

  it('goes away when another filter is added, and comes back only on the next search', async () => {
    const server = createFakeServer();
    logIn(server);
    serveCompanies(server);
    const { user } = await openFinder();
    await user.type(input('Exclude Locations'), 'France{enter}');
    await user.click(searchButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(m.filterExcludeAlone);

    await user.type(input('Locations'), 'Germany{enter}');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(searchButton());
    expect(await screen.findByRole('table', { name: 'Companies' })).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
