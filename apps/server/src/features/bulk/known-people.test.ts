import { everyObservation } from '@mailhound/finder';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { activeUser } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { createPgPatternStore } from '../search/index.ts';
import { domainPatterns } from '../search/schema.ts';
import { toCsv, upload } from './bulk.test-kit.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

it('an upload whose rows carry both names and an e-mail teaches the finder those domains’ patterns', async () => {
  const user = await activeUser(t);
  const csv = toCsv([
    ['First Name', 'Last Name', 'Website', 'Email'],
    ['Ann', 'Lee', 'known-upload.test', 'alee@known-upload.test'],
    ['Bob', 'Ray', 'known-upload.test', 'bray@known-upload.test'],
    ['', 'Nameless', 'known-upload.test', 'nameless@known-upload.test'],
    ['Cy', 'Young', 'known-upload.test', ''],
  ]);
  const response = await upload(t.app, user.token, 'known.csv', csv);
  expect(response.statusCode, response.body).toBe(201);
  // The uploader's observations (other users' lookups weigh them: pattern-store.test.ts).
  const view = { ...everyObservation, viewer: user.id };
  expect(await createPgPatternStore(t.db).get('known-upload.test', view)).toMatchObject({
    pattern: 'flast',
    confirmations: 2,
    contradictions: 0,
    sources: { known: 2 },
  });
  const rows = await t.db
    .select({ email: domainPatterns.email, observer: domainPatterns.observer })
    .from(domainPatterns)
    .where(eq(domainPatterns.domain, 'known-upload.test'));
  expect(rows.sort((a, b) => a.email.localeCompare(b.email))).toEqual([
    { email: 'alee@known-upload.test', observer: user.id },
    { email: 'bray@known-upload.test', observer: user.id },
  ]);
});
