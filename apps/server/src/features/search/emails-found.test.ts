import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { foundEmails } from './schema.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

it('GET /api/person/emails-found counts the verified addresses found so far', async () => {
  const empty = await t.app.inject({ method: 'GET', url: '/api/person/emails-found' });
  expect(empty.statusCode).toBe(200);
  expect(empty.json()).toEqual({ count: 0 });
  await t.db.insert(foundEmails).values([{ email: 'a@acme.com' }, { email: 'b@acme.com' }]);
  const response = await t.app.inject({ method: 'GET', url: '/api/person/emails-found' });
  expect(response.json()).toEqual({ count: 2 });
});
