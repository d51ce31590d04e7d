import {
  companyAnswerSchema,
  decisionMakersAnswerSchema,
  similarCompaniesAnswerSchema,
} from '@mailhound/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { addCompanies, addPeople } from './companies.test-kit.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
  await addCompanies(t.db, [
    {
      name: 'Acme Software Inc.',
      domain: 'acme-soft.com',
      country: 'United States',
      industry: 'computer_software',
      employees: 150,
      foundedYear: 2004,
      revenueMin: 10_000_000,
      revenueMax: 25_000_000,
      linkedinUrl: 'https://www.linkedin.com/company/acme-soft',
      description: 'Tools for builders.',
    },
    // Peers: same group (technology), by size band then country.
    {
      name: 'Near Size US',
      domain: 'near-us.com',
      country: 'United States',
      industry: 'computer_software',
      employees: 120,
    },
    {
      name: 'Near Size DE',
      domain: 'near-de.de',
      country: 'Germany',
      industry: 'internet',
      employees: 90,
    },
    {
      name: 'Big Peer',
      domain: 'big-peer.com',
      country: 'United States',
      industry: 'computer_software',
      employees: 20_000,
    },
    {
      name: 'Other Group',
      domain: 'other-group.com',
      country: 'United States',
      industry: 'farming',
      employees: 150,
    },
  ]);
  await addPeople(t.db, [
    {
      firstName: 'Jane',
      lastName: 'Doe',
      jobTitle: 'Chief Executive Officer',
      companyDomain: 'acme-soft.com',
      phone: '+14155550112',
    },
    { firstName: 'Sam', lastName: 'Vale', jobTitle: 'VP of Sales', companyDomain: 'acme-soft.com' },
    {
      firstName: 'Kim',
      lastName: 'Lee',
      jobTitle: 'Software Engineer',
      companyDomain: 'acme-soft.com',
    },
    {
      firstName: 'Max',
      lastName: 'Roe',
      jobTitle: 'Senior Software Engineer',
      companyDomain: 'acme-soft.com',
    },
    {
      firstName: 'Ola',
      lastName: 'Berg',
      jobTitle: 'Account Executive',
      companyDomain: 'acme-soft.com',
    },
  ]);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/company/companies/{name} (public)', () => {
  it('answers the company by its slug or its domain, without a token', async () => {
    const bySlug = await get('/api/company/companies/acme-software-inc');
    expect(bySlug.statusCode).toBe(200);
    const company = companyAnswerSchema.parse(bySlug.json());
    expect(company).toEqual({
      companyName: 'Acme Software Inc.',
      slug: 'acme-software-inc',
      website: 'acme-soft.com',
      country: 'United States',
      industry: 'computer_software',
      employees: '51-200',
      foundedYear: 2004,
      revenue: '10000000,25000000',
      instagramUrl: null,
      facebookUrl: null,
      twitterUrl: null,
      linkedinUrl: 'https://www.linkedin.com/company/acme-soft',
      logoUrl: null,
      description: 'Tools for builders.',
    });
    expect((await get('/api/company/companies/acme-soft.com')).json()).toEqual(bySlug.json());
    expect((await get('/api/company/companies/www.Acme-Soft.com')).json()).toEqual(bySlug.json());
  });

  it('answers the company by its name as written', async () => {
    const bySlug = (await get('/api/company/companies/acme-software-inc')).json();
    for (const name of ['Acme Software Inc.', 'ACME software inc']) {
      const answer = await get(`/api/company/companies/${encodeURIComponent(name)}`);
      expect(answer.statusCode, name).toBe(200);
      expect(answer.json()).toEqual(bySlug);
    }
    expect((await get('/api/company/companies/%20%20')).statusCode).toBe(404);
  });

  it('answers 404 Company not found for an unknown company, on every call', async () => {
    for (const path of ['', '/employeesStats', '/leadTitles', '/similarCompanies']) {
      const answer = await get(`/api/company/companies/no-such-company${path}`);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe('Company not found');
    }
  });
});

describe('company page details', () => {
  it('counts people per department', async () => {
    const answer = await get('/api/company/companies/acme-software-inc/employeesStats');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ engineering: 2, sales: 2, executive: 1 });
  });

  it('lists decision makers, most senior first, with masked e-mail and phone', async () => {
    const answer = await get('/api/company/companies/acme-soft.com/leadTitles');
    expect(decisionMakersAnswerSchema.parse(answer.json())).toEqual([
      {
        jobTitle: 'Chief Executive Officer',
        email: 'j•••@acme-soft.com',
        phone: '+1 ••• ••• ••12',
      },
      { jobTitle: 'VP of Sales', email: 's•••@acme-soft.com', phone: null },
    ]);
    // Nothing of the full contact leaks.
    expect(answer.body).not.toMatch(/jane|doe|5550112/i);
  });

  it('lists similar companies of the industry group, nearest size band, then country first', async () => {
    const answer = await get('/api/company/companies/acme-software-inc/similarCompanies');
    expect(similarCompaniesAnswerSchema.parse(answer.json())).toEqual([
      {
        companyName: 'Near Size US',
        slug: 'near-size-us',
        website: 'near-us.com',
        industry: 'computer_software',
        country: 'United States',
      },
      {
        companyName: 'Near Size DE',
        slug: 'near-size-de',
        website: 'near-de.de',
        industry: 'internet',
        country: 'Germany',
      },
      {
        companyName: 'Big Peer',
        slug: 'big-peer',
        website: 'big-peer.com',
        industry: 'computer_software',
        country: 'United States',
      },
    ]);
  });
});
