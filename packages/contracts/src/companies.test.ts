import { describe, expect, it } from 'vitest';
import {
  type CompanyFilters,
  checkFilterSearch,
  companyFiltersSchema,
  filtersFromQuery,
  filtersToQuery,
  foundedYearsSchema,
  industryId,
  industryLabel,
  parseRevenueRange,
} from './companies.ts';
import { issuesOf } from './issues.test-kit.ts';

describe('company filters (product-spec §5)', () => {
  it('a company name has at least 2 characters and is not a URL', () => {
    expect(companyFiltersSchema.parse({ companyName: ['Acme Inc'] })).toEqual({
      companyName: ['Acme Inc'],
    });
    expect(issuesOf(companyFiltersSchema, { companyName: ['A'] })).toEqual({
      'companyName.0': ['Company name must be at least 2 characters'],
    });
    for (const url of ['https://acme.com', 'www.acme.com', 'acme.com']) {
      expect(issuesOf(companyFiltersSchema, { companyName: [url] })).toEqual({
        'companyName.0': ['Company name cannot be a URL'],
      });
    }
  });

  it('a job title has at least 2 characters', () => {
    expect(issuesOf(companyFiltersSchema, { jobTitle: ['C'] })).toEqual({
      'jobTitle.0': ['Job title must be at least 2 characters'],
    });
    expect(companyFiltersSchema.safeParse({ jobTitle: ['CTO'] }).success).toBe(true);
  });

  it('founded years run from 1 to the current year', () => {
    expect(foundedYearsSchema.parse({ from: 1, to: 2000 })).toEqual({ from: 1, to: 2000 });
    expect(issuesOf(foundedYearsSchema, { from: 0 })).toEqual({
      from: ['Year must be at least 1'],
    });
    expect(issuesOf(foundedYearsSchema, { to: 99_999 })).toEqual({
      to: ['Year cannot be in the future'],
    });
  });

  it("the 'To' year is not below the 'From' year", () => {
    expect(issuesOf(foundedYearsSchema, { from: 2010, to: 2009 })).toEqual({
      to: ["'To' year cannot be earlier than 'From' year"],
    });
    expect(foundedYearsSchema.safeParse({ from: 2010, to: 2010 }).success).toBe(true);
  });
});

describe('checkFilterSearch (product-spec §5 Filter search rules)', () => {
  it.each<[string, CompanyFilters, string | null]>([
    ['no filters', {}, 'You have not selected any filters. Please select at least one.'],
    [
      'only empty filters',
      { industry: [], exclude: [], years: {} },
      'You have not selected any filters. Please select at least one.',
    ],
    [
      'a year alone',
      { years: { from: 2000 } },
      "Searching by year alone isn't possible. Please select at least one additional filter option.",
    ],
    [
      'exclude location alone',
      { exclude: ['France'] },
      "Searching by exclude location alone isn't possible. Please select at least one additional filter option.",
    ],
    [
      'years and exclude with nothing else',
      { years: { to: 2020 }, exclude: ['France'] },
      "Using both Founded In and Exclude Locations together isn't allowed. Please select an additional filter to proceed.",
    ],
    ['years with an industry', { years: { from: 2000 }, industry: ['computer_software'] }, null],
    ['exclude with locations', { exclude: ['Paris'], locations: ['France'] }, null],
    [
      'years, exclude and a job title',
      { years: { from: 1990 }, exclude: ['X'], jobTitle: ['CEO'] },
      null,
    ],
    ['a company name alone', { companyName: ['Acme'] }, null],
  ])('%s', (_, filters, message) => {
    expect(checkFilterSearch(filters)).toBe(message);
  });
});

describe('filters in the query string', () => {
  it('round-trips active filters as JSON parameters', () => {
    const filters: CompanyFilters = {
      companyName: ['Acme'],
      exclude: ['France'],
      years: { from: 2000, to: 2010 },
      industry: [],
    };
    const query = filtersToQuery(filters);
    expect(query.get('companyName')).toBe('["Acme"]');
    expect(query.has('industry')).toBe(false);
    expect(filtersFromQuery(new URLSearchParams(query.toString()))).toEqual({
      companyName: ['Acme'],
      exclude: ['France'],
      years: { from: 2000, to: 2010 },
    });
  });

  it('reads the lead finder link from a company page', () => {
    const query = new URLSearchParams(`companyName=${encodeURIComponent('["Acme Inc"]')}`);
    expect(filtersFromQuery(query)).toEqual({ companyName: ['Acme Inc'] });
  });

  it('drops unreadable or invalid parameters', () => {
    const query = new URLSearchParams(
      'companyName=not-json&jobTitle=%5B%22C%22%5D&locations=%5B%22Spain%22%5D',
    );
    expect(filtersFromQuery(query)).toEqual({ locations: ['Spain'] });
  });
});

describe('industry ids and labels', () => {
  it.each([
    ['computer_software', 'Computer Software'],
    ['banking', 'Banking'],
    ['information_technology_and_services', 'Information Technology And Services'],
  ])('%s ↔ %s', (id, label) => {
    expect(industryLabel(id)).toBe(label);
    expect(industryId(label)).toBe(id);
  });
});

describe('company answer', () => {
  it('reads the revenue as a range', () => {
    expect(parseRevenueRange('1000000,5000000')).toEqual({ min: 1_000_000, max: 5_000_000 });
    expect(parseRevenueRange(' 10 , 20 ')).toEqual({ min: 10, max: 20 });
    expect(parseRevenueRange(null)).toBeNull();
    expect(parseRevenueRange('1000000')).toBeNull();
    expect(parseRevenueRange('5,1')).toBeNull();
    expect(parseRevenueRange('a,b')).toBeNull();
  });
});
