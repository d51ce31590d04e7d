import { type MailLab, startMailLab } from '@mailhound/mail-lab';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { activeUser } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { recordPeopleSeen } from '../search/index.ts';
import { labEnv } from '../search/search.test-kit.ts';
import { toCsv, upload, waitUntilDone } from './bulk.test-kit.ts';
import type { BulkItem } from './bulk-store.ts';
import { bulkRows } from './schema.ts';

// A bulk request weighs what the finder learnt for the user whose request it is (issue 24).

let lab: MailLab;
let t: TestContext;

beforeAll(async () => {
  lab = await startMailLab({
    hosts: [{ name: 'mx.wide.test', address: '127.0.7.22' }],
    domains: [{ name: 'wide.test', mx: [{ priority: 10, host: 'mx.wide.test' }], catchAll: true }],
  });
  t = await createTestContext({ jobs: true, env: labEnv(lab) });
});
afterAll(async () => {
  await t.close();
  await lab.close();
});

async function foundFor(user: { token: string }) {
  const csv = toCsv([
    ['First Name', 'Last Name', 'Website'],
    ['Ceo', 'Boss', 'wide.test'],
  ]);
  const response = await upload(t.app, user.token, 'ceo.csv', csv);
  expect(response.statusCode, response.body).toBe(201);
  const { requestId } = response.json() as BulkItem;
  await waitUntilDone(t.app, user.token, requestId);
  const [row] = await t.db
    .select({ email: bulkRows.email, score: bulkRows.score })
    .from(bulkRows)
    .where(and(eq(bulkRows.requestId, requestId), eq(bulkRows.rowIndex, 0)));
  return row;
}

it("one user's contacts make a catch-all domain's pattern known for that user's bulk rows only", async () => {
  const [a, b] = [await activeUser(t), await activeUser(t)];
  const people = ['ann.lee', 'bob.ray', 'cy.young', 'dee.fox', 'eve.gray', 'fay.hill'].flatMap(
    (name) => {
      const [first = '', last = ''] = name.split('.');
      return Array.from({ length: 4 }, (_, i) => ({
        firstName: `${first}${i}`,
        lastName: last,
        email: `${first}${i}.${last}@wide.test`,
      }));
    },
  );
  // As the upload of a list with names and addresses records them.
  await recordPeopleSeen(t.db, people, 'known', a.id);
  expect(await foundFor(a)).toEqual({ email: 'ceo.boss@wide.test', score: 95 });
  expect((await foundFor(b))?.score).toBeLessThan(95);
});
