import { type MailLab, startMailLab } from '@mailhound/mail-lab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { labEnv, postSearch, searchLab } from '../search/search.test-kit.ts';
import { addCompanies } from './companies.test-kit.ts';

let lab: MailLab;
let t: TestContext;

beforeAll(async () => {
  lab = await startMailLab(searchLab);
  t = await createTestContext({ env: labEnv(lab) });
  await addCompanies(t.db, [{ name: 'Acme Laboratories Inc.', domain: 'acme.test' }]);
});
afterAll(async () => {
  await t.close();
  await lab.close();
});

const ann = { firstName: 'Ann', lastName: 'Lee' };

describe('single search by company name', () => {
  it('searches the domain the company database gives the name, exactly or nearly spelt', async () => {
    const user = await activeUser(t);
    for (const companyName of ['ACME Laboratories, LLC', 'Acme Laboratory']) {
      const search = await postSearch(t.app, { ...ann, companyName }, user);
      expect(search.statusCode).toBe(200);
      expect(search.last?.data).toMatchObject({ exactEmail: 'ann.lee@acme.test' });
    }
  });

  it('answers 400 Company not found for a name it cannot resolve, and writes nothing', async () => {
    const user = await activeUser(t);
    const before = await t.countRows('search_history');
    const search = await postSearch(t.app, { ...ann, companyName: 'Nobody Knows Ltd' }, user);
    expect(search.statusCode).toBe(400);
    expect(search.json().message).toBe('Company not found');
    expect(await t.countRows('search_history')).toBe(before);
  });
});
