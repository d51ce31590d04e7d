import { everyObservation } from '@mailhound/finder';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { createPgPatternStore } from '../search/index.ts';
import { mailUser } from './contacts.test-kit.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

it('imported contacts with both names teach the finder their domains’ patterns', async () => {
  const { id, call } = await mailUser(t);
  const created = await call('POST', '/customers/create-or-update', {
    customers: [
      { email: 'ann.lee@contacts-known.test', fname: 'Ann', lname: 'Lee' },
      { email: 'bob.ray@contacts-known.test', fname: 'Bob', lname: 'Ray' },
      { email: 'cy@contacts-known.test', fname: 'Cy', lname: '' },
      { email: 'dee.fox@gmail.com', fname: 'Dee', lname: 'Fox' },
    ],
  });
  expect(created.statusCode, created.body).toBe(200);
  const store = createPgPatternStore(t.db);
  // The importer's own observations (other users' lookups weigh them: pattern-store.test.ts).
  const view = { ...everyObservation, viewer: id };
  expect(await store.get('contacts-known.test', view)).toMatchObject({
    pattern: 'first.last',
    confirmations: 2,
    contradictions: 0,
    sources: { known: 2 },
  });
  expect(await store.get('gmail.com', view)).toBeNull();
});
