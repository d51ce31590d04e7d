import { type LabSpec, type MailLab, startMailLab } from '@mailhound/mail-lab';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { activeUser } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { recordPeopleSeen } from './observations.ts';
import { labEnv, parseEventStream, postSearch } from './search.test-kit.ts';

// What one user's mailbox, campaigns and uploads teach the finder counts for their own
// searches; for another user's only once a second user agrees (issue 24: a user who controls
// their own mail server can plant replies and bounce reports).

const lab: LabSpec = {
  hosts: [{ name: 'mx.shared.test', address: '127.0.5.12' }],
  domains: [
    {
      name: 'victim.test',
      mx: [{ priority: 10, host: 'mx.shared.test' }],
      mailboxes: ['ceo.boss'],
    },
    { name: 'wide.test', mx: [{ priority: 10, host: 'mx.shared.test' }], catchAll: true },
    { name: 'planted.test', mx: [{ priority: 10, host: 'mx.shared.test' }], catchAll: true },
  ],
};

let mail: MailLab;
let t: TestContext;

beforeAll(async () => {
  mail = await startMailLab(lab);
  t = await createTestContext({ env: labEnv(mail) });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const ceo = { firstName: 'Ceo', lastName: 'Boss' };
const scoreFor = async (user: { token: string }, companyWebsite: string) => {
  const search = await postSearch(t.app, { ...ceo, companyWebsite }, user);
  return search.last?.data as { exactEmail: string | null; exactEmailScore: number };
};
const seen = (email: string) => [{ ...ceo, email }];
// The Email Verifier's verdict on an address, for this user.
const verdictFor = async (user: { token: string }, email: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/verify',
    payload: { email },
    headers: { authorization: user.token },
  });
  return parseEventStream(response.body).events.at(-1)?.data as { status: string; score: number };
};

it("a bounce one user planted hides the address only from that user's searches, until a second user's agrees", async () => {
  const [a, b, c] = [await activeUser(t), await activeUser(t), await activeUser(t)];
  expect(await scoreFor(b, 'victim.test')).toMatchObject({
    exactEmail: 'ceo.boss@victim.test',
    exactEmailScore: 99,
  });
  await recordPeopleSeen(t.db, seen('ceo.boss@victim.test'), 'bounce', a.id);
  expect(await scoreFor(b, 'victim.test')).toMatchObject({
    exactEmail: 'ceo.boss@victim.test',
    exactEmailScore: 99,
  });
  expect((await scoreFor(a, 'victim.test')).exactEmailScore).toBeLessThan(95);
  expect(await verdictFor(b, 'ceo.boss@victim.test')).toMatchObject({ status: 'valid', score: 99 });
  expect((await verdictFor(a, 'ceo.boss@victim.test')).score).toBeLessThan(95);
  // A second user saw it bounce too: a fact for everyone now.
  await recordPeopleSeen(t.db, seen('ceo.boss@victim.test'), 'bounce', c.id);
  expect((await scoreFor(b, 'victim.test')).exactEmailScore).toBeLessThan(95);
  expect((await scoreFor(await activeUser(t), 'victim.test')).exactEmailScore).toBeLessThan(95);
});

it("one user's uploaded contacts make a catch-all domain's pattern known for that user only", async () => {
  const [a, b] = [await activeUser(t), await activeUser(t)];
  const names = ['ann.lee', 'bob.ray', 'cy.young', 'dee.fox', 'eve.gray', 'fay.hill'];
  await recordPeopleSeen(
    t.db,
    names.flatMap((name) =>
      Array.from({ length: 4 }, (_, i) => {
        const [first = '', last = ''] = name.split('.');
        return {
          firstName: `${first}${i}`,
          lastName: last,
          email: `${first}${i}.${last}@wide.test`,
        };
      }),
    ),
    'known',
    a.id,
  );
  expect(await scoreFor(a, 'wide.test')).toMatchObject({
    exactEmail: 'ceo.boss@wide.test',
    exactEmailScore: 95,
  });
  expect((await scoreFor(b, 'wide.test')).exactEmailScore).toBeLessThan(95);
});

it('a reply planted at a catch-all domain gives its user the 95, and nobody else', async () => {
  const [a, b] = [await activeUser(t), await activeUser(t)];
  await recordPeopleSeen(t.db, seen('ceo.boss@planted.test'), 'reply', a.id);
  expect(await scoreFor(a, 'planted.test')).toMatchObject({
    exactEmail: 'ceo.boss@planted.test',
    exactEmailScore: 95,
  });
  expect((await scoreFor(b, 'planted.test')).exactEmailScore).toBeLessThan(95);
});
