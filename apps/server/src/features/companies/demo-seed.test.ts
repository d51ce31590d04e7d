import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../seed.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { demoCompanyOptions, seedDemoCompanies } from './demo-seed.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('the demo company database', () => {
  it('is seeded by `mailhound seed` once: 3,000 companies with their people', async () => {
    await seedDemo(t.db, t.config, t.clock, t.mailConnections.box);
    expect(await t.countRows('companies')).toBe(demoCompanyOptions.companies);
    const people = await t.countRows('people');
    expect(people).toBeGreaterThan(demoCompanyOptions.companies * 2);

    expect(await seedDemoCompanies(t.db)).toBe(false);
    await seedDemo(t.db, t.config, t.clock, t.mailConnections.box);
    expect(await t.countRows('companies')).toBe(demoCompanyOptions.companies);
    expect(await t.countRows('people')).toBe(people);
  });

  it('gives every company a page with its people', async () => {
    const [first] = (
      await t.pool.query<{ slug: string }>('select slug from companies order by id limit 1')
    ).rows;
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/company/companies/${first?.slug}`,
    });
    expect(page.statusCode).toBe(200);
    const stats = await t.app.inject({
      method: 'GET',
      url: `/api/company/companies/${first?.slug}/employeesStats`,
    });
    const counts = Object.values(stats.json() as Record<string, number>);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
  });
});
