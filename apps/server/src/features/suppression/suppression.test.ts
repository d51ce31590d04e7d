import { suppressionMessages } from '@mailhound/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { multipart } from '../bulk/bulk.test-kit.ts';
import { createList } from '../campaigns/campaigns.test-kit.ts';
import { type MailCall, mailUser } from '../contacts/contacts.test-kit.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Entry = { id: string; entry: string; source: string; created: string };

async function entriesOf(call: MailCall, query = '') {
  const response = await call('GET', `/suppression${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { entries: Entry[]; total_count: number; pages: number };
}

async function upload(token: string, content: string) {
  const body = multipart('blocked.csv', content);
  return t.app.inject({
    method: 'POST',
    url: '/api/mail/suppression/upload',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
}

describe('the do-not-email list (issue 25)', () => {
  it('adds addresses and whole domains by hand, lower-cased and once, newest first', async () => {
    const { call } = await mailUser(t);
    const added = await call('POST', '/suppression', {
      entries: [' Ann@Client.test ', '@Spam.Example', '', 'ann@client.test'],
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toEqual({ added: 2, already: 0 });
    const again = await call('POST', '/suppression', { entries: ['@spam.example', 'bo@x.test'] });
    expect(again.json()).toEqual({ added: 1, already: 1 });

    const page = await entriesOf(call);
    expect(page.total_count).toBe(3);
    expect(page.entries.map((entry) => entry.entry)).toEqual([
      'bo@x.test',
      '@spam.example',
      'ann@client.test',
    ]);
    expect(page.entries.every((entry) => entry.source === 'manual')).toBe(true);
  });

  it('refuses a request with an entry that is neither an address nor @domain, naming it and adding nothing', async () => {
    const { call } = await mailUser(t);
    const refused = await call('POST', '/suppression', {
      entries: ['ok@client.test', 'not an address', '@nodot', 'x@'],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      suppressionMessages.invalidEntries(['not an address', '@nodot', 'x@']),
    );
    expect((await entriesOf(call)).total_count).toBe(0);
    const empty = await call('POST', '/suppression', { entries: ['  '] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(suppressionMessages.required);
  });

  it('searches and pages the list, and shows only the user their own entries', async () => {
    const { call } = await mailUser(t);
    const other = await mailUser(t);
    await call('POST', '/suppression', {
      entries: Array.from({ length: 12 }, (_, index) => `person${index}@acme.test`).concat(
        '@competitor.test',
      ),
    });
    await other.call('POST', '/suppression', { entries: ['@acme.test'] });
    const found = await entriesOf(call, '?key=ACME&count=5&page=3');
    expect(found).toMatchObject({ total_count: 12, pages: 3 });
    expect(found.entries).toHaveLength(2);
    const domain = await entriesOf(call, '?key=competitor');
    expect(domain.entries.map((entry) => entry.entry)).toEqual(['@competitor.test']);
    expect((await entriesOf(other.call)).total_count).toBe(1);
  });

  it("deletes the user's own entry; anyone else's or a made-up id is not found", async () => {
    const { call } = await mailUser(t);
    const other = await mailUser(t);
    await call('POST', '/suppression', { entries: ['stays@client.test', 'gone@client.test'] });
    const first = (await entriesOf(call)).entries.find((entry) => entry.entry.startsWith('gone'));
    const refused = await other.call('DELETE', `/suppression/${first?.id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(suppressionMessages.notFound);
    expect((await other.call('DELETE', '/suppression/not-an-id')).statusCode).toBe(404);
    const deleted = await call('DELETE', `/suppression/${first?.id}`);
    expect(deleted.json()).toEqual({ message: suppressionMessages.deleted });
    expect((await entriesOf(call)).entries.map((entry) => entry.entry)).toEqual([
      'stays@client.test',
    ]);
  });

  it('adds the good rows of an uploaded CSV and names the skipped ones; a file of bad rows only adds nothing', async () => {
    const { call, token } = await mailUser(t);
    const refused = await upload(token, 'Name,E-mail\nBob,bob at client\nCy,cy@\n');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Rows without an e-mail address or @domain: 2, 3.');
    expect((await entriesOf(call)).total_count).toBe(0);

    const partly = await upload(token, 'Name,E-mail\nAnn,ann@client.test\nBob,bob at client\n');
    expect(partly.statusCode, partly.body).toBe(201);
    expect(partly.json()).toEqual({
      added: 1,
      already: 0,
      skipped: '1 row skipped: no e-mail address or @domain in row 3.',
    });
    expect((await entriesOf(call)).entries.map((entry) => entry.entry)).toEqual([
      'ann@client.test',
    ]);

    const added = await upload(
      token,
      "Name,E-mail\nAnn,ann@client.test\nBlank,\nSpam,'@spam.example\nAnn again,ANN@client.test\n",
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toEqual({ added: 1, already: 1, skipped: null });
    expect((await entriesOf(call)).entries.map((entry) => entry.entry).sort()).toEqual([
      '@spam.example',
      'ann@client.test',
    ]);
    const empty = await upload(token, 'email\n\n');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(suppressionMessages.fileEmpty);
  });

  it('marks a contact whose address or domain is on the list as not to be e-mailed', async () => {
    const { call } = await mailUser(t);
    const { groupId } = await createList(call, 'Badges', [
      'ann@client.test',
      'bo@spam.example',
      'cy@client.test',
    ]);
    await call('POST', '/suppression', { entries: ['ann@client.test', '@spam.example'] });
    const page = await call('GET', `/groups/${groupId}/extended`);
    expect(page.statusCode, page.body).toBe(200);
    const customers = (page.json() as { customers: { email: string; suppressed: boolean }[] })
      .customers;
    expect(Object.fromEntries(customers.map((c) => [c.email, c.suppressed]))).toEqual({
      'ann@client.test': true,
      'bo@spam.example': true,
      'cy@client.test': false,
    });
  });
});
