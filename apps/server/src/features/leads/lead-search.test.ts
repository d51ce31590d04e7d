import type { CompanyFilters } from '@mailhound/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { addCompanies, addPeople } from '../companies/companies.test-kit.ts';
import { searchLeads } from './lead-search.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
  await addCompanies(t.db, [
    {
      name: 'Moving Co',
      domain: 'moving-co.example',
      country: 'France',
      industry: 'farming',
      employees: 8,
      foundedYear: 1990,
      revenueMin: 500_000,
      revenueMax: 900_000,
    },
    {
      name: 'Steady Co',
      domain: 'steady-co.example',
      country: 'Germany',
      industry: 'computer_software',
      employees: 300,
      foundedYear: 2015,
    },
  ]);
  await addPeople(t.db, [
    {
      firstName: 'Mia',
      lastName: 'Moss',
      jobTitle: 'Sales Director',
      companyDomain: 'moving-co.example',
    },
    {
      firstName: 'Sam',
      lastName: 'Hill',
      jobTitle: 'Sales Manager',
      companyDomain: 'steady-co.example',
    },
  ]);
});

afterAll(async () => {
  await t.close();
});

const names = async (filters: CompanyFilters) =>
  (await searchLeads(t.db, filters, { page: 1, perPage: 10 })).items.map((item) => item.fname);

describe('searchLeads', () => {
  it('filters people by their company’s industry, location, size, founded year and revenue', async () => {
    expect(await names({ industry: ['farming'], department: ['sales'] })).toEqual(['Mia']);
    expect(await names({ locations: ['Germany'] })).toEqual(['Sam']);
    expect(await names({ exclude: ['Germany'] })).toEqual(['Mia']);
    expect(await names({ employees: ['201-500'], seniority: ['manager'] })).toEqual(['Sam']);
    expect(await names({ years: { from: 2000 }, department: ['sales'] })).toEqual(['Sam']);
    expect(await names({ revenue: ['0-1M'], department: ['sales'] })).toEqual(['Mia']);
    expect(await names({ companyName: ['Steady'], department: ['sales'] })).toEqual(['Sam']);
  });

  it('follows a re-imported company: its people are found by its new industry, place and size', async () => {
    await addCompanies(t.db, [
      {
        name: 'Moving Co',
        domain: 'moving-co.example',
        country: 'Spain',
        industry: 'internet',
        employees: 2000,
        foundedYear: 2021,
      },
    ]);
    const moved: CompanyFilters = {
      industry: ['internet'],
      locations: ['Spain'],
      employees: ['1001-5000'],
      years: { from: 2021, to: 2021 },
      department: ['sales'],
    };
    const page = await searchLeads(t.db, moved, { page: 1, perPage: 10 });
    expect(page.items.map((item) => [item.fname, item.companyName])).toEqual([
      ['Mia', 'Moving Co'],
    ]);
    expect(page.totalItems).toBe(1);
    expect(await names({ industry: ['farming'], department: ['sales'] })).toEqual([]);
    expect(await names({ locations: ['France'] })).toEqual([]);
  });
});
