import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { addCompanies } from './companies.test-kit.ts';
import { resolveCompanyDomain } from './resolve-domain.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
  await addCompanies(t.db, [
    { name: 'Acme Corporation', domain: 'acme.com', employees: 5000 },
    { name: 'ACME Inc.', domain: 'acme.de', employees: 40 },
    { name: 'Initech Software', domain: 'initech.com' },
    { name: 'Globex Systems', domain: 'globex.com' },
    { name: 'Globex Systemz', domain: 'globex.io' },
    { name: 'Umbrella Pharmaceuticals', domain: 'umbrella.com' },
  ]);
});
afterAll(() => t.close());

describe('resolveCompanyDomain', () => {
  it('finds the exact normalised name, legal form and case aside (the largest of a name first)', async () => {
    expect(await resolveCompanyDomain(t.db, 'acme')).toMatchObject({
      domain: 'acme.com',
      match: 'exact',
    });
    expect(await resolveCompanyDomain(t.db, 'Initech Software, LLC')).toMatchObject({
      domain: 'initech.com',
      companyName: 'Initech Software',
      match: 'exact',
    });
  });

  it('finds a close spelling by trigram similarity', async () => {
    const found = await resolveCompanyDomain(t.db, 'Umbrela Pharmaceutical');
    expect(found).toMatchObject({ domain: 'umbrella.com', match: 'fuzzy' });
    expect(found?.similarity).toBeGreaterThanOrEqual(0.6);
  });

  it('resolves nothing when no name is close enough', async () => {
    expect(await resolveCompanyDomain(t.db, 'Hooli')).toBeNull();
    expect(await resolveCompanyDomain(t.db, 'Inc.')).toBeNull();
    expect(await resolveCompanyDomain(t.db, '')).toBeNull();
  });

  it('resolves nothing when two different companies are about as close', async () => {
    expect(await resolveCompanyDomain(t.db, 'Globex System')).toBeNull();
  });
});
