import type { Verdict } from '@mailhound/contracts';
import { type LabSpec, type MailLab, startMailLab } from '@mailhound/mail-lab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { labEnv, postSearch } from './search.test-kit.ts';

// A mail world where a found address gets each verdict a single search can give it.
const verdictLab: LabSpec = {
  hosts: [{ name: 'mx.found.test', address: '127.0.5.12' }],
  domains: [
    { name: 'acme.test', mx: [{ priority: 10, host: 'mx.found.test' }], mailboxes: ['ann.lee'] },
    { name: 'catchall.test', mx: [{ priority: 10, host: 'mx.found.test' }], catchAll: true },
    { name: 'gmail.com', mx: [{ priority: 10, host: 'mx.found.test' }], mailboxes: ['ann.lee'] },
    { name: 'mailinator.com', mx: [{ priority: 10, host: 'mx.found.test' }], catchAll: true },
    { name: 'initial.test', mx: [{ priority: 10, host: 'mx.found.test' }], mailboxes: ['alee'] },
    { name: 'nobody.test', mx: [{ priority: 10, host: 'mx.found.test' }], mailboxes: ['bob'] },
  ],
};

let lab: MailLab;
let t: TestContext;

beforeAll(async () => {
  lab = await startMailLab(verdictLab);
  t = await createTestContext({ env: labEnv(lab) });
});
afterAll(async () => {
  await t.close();
  await lab.close();
});

const ann = { firstName: 'Ann', lastName: 'Lee' };

async function historyItems(token: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/search-history/single',
    headers: { authorization: token },
  });
  return response.json().items as Array<{ _id: string; verdict: Verdict | null }>;
}

// The verdict the stream's result carries, and the one the history row shows for it.
async function verdictsOf(companyWebsite: string) {
  const user = await activeUser(t);
  const search = await postSearch(t.app, { ...ann, companyWebsite }, user);
  const data = search.last?.data ?? {};
  const [row] = await historyItems(user.token);
  expect(row?._id).toBe(data._id);
  return { data, streamed: data.verdict as Verdict | null, listed: row?.verdict ?? null };
}

describe('the verdict beside a single search’s score', () => {
  it('valid: the mail server confirmed the address found, at a domain that refuses others', async () => {
    const { data, streamed, listed } = await verdictsOf('acme.test');
    expect(data).toMatchObject({ exactEmail: 'ann.lee@acme.test', exactEmailScore: 99 });
    expect(streamed).toMatchObject({
      email: 'ann.lee@acme.test',
      status: 'valid',
      score: 99,
      reason: 'The mail server confirmed this mailbox exists.',
      smtp_check: true,
      accept_all: false,
      mx_records: true,
      smtp_reply: { code: 250 },
    });
    expect(listed).toEqual(streamed);
  });

  it('valid for the address found, not the first candidate the server refused', async () => {
    const { data, streamed, listed } = await verdictsOf('initial.test');
    expect(data).toMatchObject({ exactEmail: 'alee@initial.test' });
    expect(streamed).toMatchObject({
      email: 'alee@initial.test',
      status: 'valid',
      smtp_reply: { code: 250 },
    });
    expect(listed).toEqual(streamed);
  });

  it('accept_all: the finder’s 50 at a catch-all domain, the verdict says why', async () => {
    const { data, streamed, listed } = await verdictsOf('catchall.test');
    expect(data).toMatchObject({ exactEmail: 'ann.lee@catchall.test', exactEmailScore: 50 });
    expect(streamed).toMatchObject({
      email: 'ann.lee@catchall.test',
      status: 'accept_all',
      score: 50,
      reason: 'The domain accepts every address: this one cannot be confirmed.',
      accept_all: true,
    });
    expect(listed).toEqual(streamed);
  });

  it('webmail: an address a free provider accepted', async () => {
    const { data, streamed, listed } = await verdictsOf('gmail.com');
    expect(data).toMatchObject({ exactEmail: 'ann.lee@gmail.com' });
    expect(streamed).toMatchObject({
      email: 'ann.lee@gmail.com',
      status: 'webmail',
      webmail: true,
      reason: 'A webmail address (a free provider), not a company one.',
    });
    expect(listed).toEqual(streamed);
  });

  it('disposable: whatever the mail server says', async () => {
    const { data, streamed, listed } = await verdictsOf('mailinator.com');
    expect(data).toMatchObject({ exactEmail: 'ann.lee@mailinator.com' });
    expect(streamed).toMatchObject({
      email: 'ann.lee@mailinator.com',
      status: 'disposable',
      disposable: true,
    });
    expect(listed).toEqual(streamed);
  });

  it('no verdict when every candidate was rejected: there is no address to judge', async () => {
    const { data, streamed, listed } = await verdictsOf('nobody.test');
    expect(data).toMatchObject({ exactEmail: null });
    expect(streamed).toBeNull();
    expect(listed).toBeNull();
  });
});
