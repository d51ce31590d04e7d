import {
  type CompanyFilters,
  companySearchAnswerSchema,
  filtersFromQuery,
  filtersToQuery,
  SEARCH_TOTAL_CAP,
} from '@mailhound/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser, signUp } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { addCompanies, addPeople } from './companies.test-kit.ts';

let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestContext();
  token = (await activeUser(t)).token;
  const rows = Array.from({ length: 25 }, (_, i) => ({
    name: `Paged Software ${String(i).padStart(2, '0')}`,
    domain: `paged-${i}.com`,
    country: i % 2 === 0 ? 'Germany' : 'France',
    industry: 'computer_software',
    employees: 20 + i,
    foundedYear: 1990 + i,
    revenueMin: 1_000_000,
    revenueMax: 5_000_000,
  }));
  await addCompanies(t.db, [
    ...rows,
    {
      name: 'Acme Robotics',
      domain: 'acme-robotics.com',
      country: 'United States',
      industry: 'machinery',
      employees: 700,
      foundedYear: 1970,
      revenueMin: 100_000_000,
      revenueMax: 250_000_000,
    },
    {
      name: 'Acme Foods',
      domain: 'acme-foods.com',
      country: 'Germany',
      industry: 'food_production',
      employees: 8,
      foundedYear: 2020,
    },
  ]);
  await addPeople(t.db, [
    {
      firstName: 'Ann',
      lastName: 'Lee',
      jobTitle: 'Head of Marketing',
      companyDomain: 'acme-foods.com',
    },
  ]);
});
afterAll(() => t.close());

async function search(
  filters: CompanyFilters | URLSearchParams,
  page = 1,
  perPage = 10,
  auth = token,
) {
  const query = filters instanceof URLSearchParams ? filters : filtersToQuery(filters);
  query.set('page', String(page));
  query.set('perPage', String(perPage));
  return t.app.inject({
    method: 'GET',
    url: `/api/companies/search?${query}`,
    headers: auth ? { authorization: auth } : {},
  });
}

async function names(filters: CompanyFilters) {
  const answer = await search(filters, 1, 100);
  expect(answer.statusCode, answer.body).toBe(200);
  return companySearchAnswerSchema.parse(answer.json()).items.map((item) => item.companyName);
}

describe('GET /api/companies/search', () => {
  it('pages through the companies that match, with totals', async () => {
    const filters = { industry: ['computer_software'] };
    const first = companySearchAnswerSchema.parse((await search(filters, 1)).json());
    expect(first).toMatchObject({ currentPage: 1, totalPages: 3, totalItems: 25 });
    expect(first.items.map((item) => item.companyName).slice(0, 2)).toEqual([
      'Paged Software 00',
      'Paged Software 01',
    ]);
    expect(first.items[0]).toMatchObject({
      slug: 'paged-software-00',
      website: 'paged-0.com',
      employees: '11-50',
    });
    const last = companySearchAnswerSchema.parse((await search(filters, 3)).json());
    expect(last.items.map((item) => item.companyName)).toEqual([
      'Paged Software 20',
      'Paged Software 21',
      'Paged Software 22',
      'Paged Software 23',
      'Paged Software 24',
    ]);
    const beyond = companySearchAnswerSchema.parse((await search(filters, 4)).json());
    expect(beyond).toMatchObject({ items: [], currentPage: 4, totalItems: 25 });
  });

  it('applies each filter', async () => {
    expect(await names({ companyName: ['Acme Inc'] })).toEqual(['Acme Robotics', 'Acme Foods']);
    expect(await names({ companyName: ['robotics'], locations: ['United States'] })).toEqual([
      'Acme Robotics',
    ]);
    expect(await names({ companyName: ['acme'], exclude: ['Germany'] })).toEqual(['Acme Robotics']);
    expect(await names({ companyName: ['acme'], employees: ['1-10', '10001+'] })).toEqual([
      'Acme Foods',
    ]);
    expect(await names({ companyName: ['acme'], revenue: ['100M-500M'] })).toEqual([
      'Acme Robotics',
    ]);
    expect(await names({ companyName: ['acme'], years: { from: 2000 } })).toEqual(['Acme Foods']);
    expect(
      await names({ industry: ['computer_software'], years: { from: 2010, to: 2011 } }),
    ).toEqual(['Paged Software 20', 'Paged Software 21']);
    expect(
      await names({ industry: ['computer_software'], locations: ['France'], revenue: ['1M-10M'] }),
    ).toHaveLength(12);
    // Person filters find the companies that employ such people.
    expect(await names({ department: ['marketing'] })).toEqual(['Acme Foods']);
    expect(await names({ jobTitle: ['head of mark'] })).toEqual(['Acme Foods']);
  });

  it('reads the filters the web writes to its query string (contracts filtersToQuery)', async () => {
    const filters: CompanyFilters = {
      companyName: ['Acme'],
      industry: ['machinery', 'food_production'],
      locations: ['United States', 'Germany'],
      years: { from: 1900, to: 2025 },
    };
    const query = filtersToQuery(filters);
    // The round trip the web does on reload, then the server's reading of the same text.
    expect(filtersFromQuery(new URLSearchParams(query.toString()))).toEqual(filters);
    expect(await names(filtersFromQuery(query))).toEqual(['Acme Robotics', 'Acme Foods']);
    const answer = await search(new URLSearchParams(query.toString()), 1, 10);
    expect(answer.json().totalItems).toBe(2);
  });

  it.each<[string, CompanyFilters, string]>([
    ['no filters', {}, 'You have not selected any filters. Please select at least one.'],
    [
      'a year alone',
      { years: { from: 2000 } },
      "Searching by year alone isn't possible. Please select at least one additional filter option.",
    ],
    [
      'exclude alone',
      { exclude: ['France'] },
      "Searching by exclude location alone isn't possible. Please select at least one additional filter option.",
    ],
    [
      'years and exclude',
      { exclude: ['France'], years: { to: 2000 } },
      "Using both Founded In and Exclude Locations together isn't allowed. Please select an additional filter to proceed.",
    ],
  ])('refuses %s with the §5 message', async (_case, filters, message) => {
    const answer = await search(filters);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(message);
  });

  it.each([
    ['companyName=["A"]', 'Company name must be at least 2 characters'],
    ['companyName=["acme.com"]', 'Company name cannot be a URL'],
    ['jobTitle=["C"]', 'Job title must be at least 2 characters'],
    [
      'industry=["acme"]&years={"from":2010,"to":2000}',
      "'To' year cannot be earlier than 'From' year",
    ],
    ['industry=["made_up"]', 'Unknown industry: made_up'],
    ['employees=["12-13"]', 'Unknown company size: 12-13'],
    ['revenue=["lots"]', 'Unknown revenue range: lots'],
    ['industry=[machinery', 'industry is not valid JSON'],
  ])('refuses %s with a 400', async (query, message) => {
    const answer = await search(new URLSearchParams(query));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(message);
  });

  it('is for active accounts: 401 without a token, 403 before e-mail verification', async () => {
    expect((await search({ industry: ['machinery'] }, 1, 10, '')).statusCode).toBe(401);
    const unverified = await signUp(t);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: unverified.username, password: unverified.password },
    });
    expect(login.statusCode).toBe(200);
    const answer = await search({ industry: ['machinery'] }, 1, 10, login.json().token);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe('Please verify your email address first.');
  });
});

describe('totals of broad searches', () => {
  it(`count up to SEARCH_TOTAL_CAP (${SEARCH_TOTAL_CAP}); pages past it are empty`, async () => {
    await addCompanies(
      t.db,
      Array.from({ length: SEARCH_TOTAL_CAP + 5 }, (_, i) => ({
        name: `Broad Dairy ${i}`,
        domain: `broad-dairy-${i}.com`,
        industry: 'dairy',
      })),
    );
    const filters = { industry: ['dairy'] };
    const last = SEARCH_TOTAL_CAP / 10;
    const page = companySearchAnswerSchema.parse((await search(filters, last)).json());
    expect(page).toMatchObject({ totalItems: SEARCH_TOTAL_CAP, totalPages: last });
    expect(page.items).toHaveLength(10);
    const past = companySearchAnswerSchema.parse((await search(filters, last + 1)).json());
    expect(past).toMatchObject({ items: [], totalItems: SEARCH_TOTAL_CAP });
  });
});
