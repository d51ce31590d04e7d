import { contactMessages } from '@mailhound/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { campaigns } from '../campaigns/schema.ts';
import { type MailCall, mailUser } from './contacts.test-kit.ts';

let t: TestContext;
let call: MailCall;
let userId: string;

beforeAll(async () => {
  t = await createTestContext();
  ({ call, id: userId } = await mailUser(t));
});
afterAll(() => t.close());

type Group = {
  id: string;
  name: string;
  campaign_id: string | null;
  campaign_name: string | null;
  customer_count: number;
  created: string;
};

async function createGroup(name: string, customerIds: string[] = []): Promise<Group> {
  const response = await call('POST', '/groups', { name, customer_ids: customerIds });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function createContacts(emails: string[]): Promise<string[]> {
  const response = await call('POST', '/customers/create-or-update', {
    customers: emails.map((email) => ({ email, fname: 'Ann', lname: 'Lee' })),
  });
  const end = /"EOF":true,"id":"([^"]+)"/.exec(response.body)?.[1];
  const created = await call('GET', `/customers/create-or-update/${end}`);
  return (created.json() as { data: { id: string }[] }).data.map((row) => row.id);
}

describe('contact lists (api-spec §7 "Contacts (mail service API)": /groups)', () => {
  it('creates a list with its name trimmed and collapsed, then reads it', async () => {
    const group = await createGroup('  Spring   leads ');
    expect(group).toMatchObject({
      name: 'Spring leads',
      campaign_id: null,
      campaign_name: null,
      customer_count: 0,
    });
    expect(new Date(group.created).toISOString()).toBe(group.created);
    const read = await call('GET', `/groups/${group.id}`);
    expect(read.json()).toEqual(group);
  });

  it('keeps names unique per user ignoring case, and says so on check, create and rename', async () => {
    await createGroup('Unique Name');
    const check = await call('GET', `/groups/check?name=${encodeURIComponent(' unique   name ')}`);
    expect(check.statusCode).toBe(409);
    expect(check.json().message).toBe('This name is already in use. Try another one.');
    expect((await call('GET', '/groups/check?name=Another')).json()).toEqual({ available: true });

    const duplicate = await call('POST', '/groups', { name: 'UNIQUE NAME' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(contactMessages.nameInUse);

    const other = await createGroup('Other name');
    const rename = await call('PATCH', `/groups/${other.id}`, { name: 'unique name' });
    expect(rename.statusCode).toBe(409);
    const renamed = await call('PATCH', `/groups/${other.id}`, { name: 'Other  name 2' });
    expect(renamed.json()).toMatchObject({ id: other.id, name: 'Other name 2' });
    // Renaming a list to its own name in another case is allowed.
    const same = await call('PATCH', `/groups/${other.id}`, { name: 'OTHER NAME 2' });
    expect(same.json()).toMatchObject({ name: 'OTHER NAME 2' });
  });

  it('refuses names over 50 characters and empty names', async () => {
    const long = await call('POST', '/groups', { name: 'x'.repeat(51) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Must be at most 50 characters');
    expect((await call('POST', '/groups', { name: '   ' })).statusCode).toBe(400);
    expect((await call('POST', '/groups', { name: 'y'.repeat(50) })).statusCode).toBe(201);
  });

  it('adds and removes contacts, and creates a list with contacts', async () => {
    const [a, b, c] = await createContacts(['a@list.test', 'b@list.test', 'c@list.test']);
    const group = await createGroup('Members', [a ?? '']);
    expect(group.customer_count).toBe(1);
    const added = await call('PATCH', `/groups/${group.id}/add-users`, { customer_ids: [a, b, c] });
    expect(added.json().customer_count).toBe(3);
    const removed = await call('PATCH', `/groups/${group.id}/del-users`, { customer_ids: [b] });
    expect(removed.json().customer_count).toBe(2);
    const inside = await call('GET', `/groups/${group.id}/search?key=c@list`);
    expect(inside.json()).toMatchObject({ total_count: 1, page: 1, pages: 1, per_page: 10 });
    expect(inside.json().customers[0].email).toBe('c@list.test');
    const unknown = await call('PATCH', `/groups/${group.id}/add-users`, {
      customer_ids: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('copies contacts into another list, counting only new members', async () => {
    const [a, b] = await createContacts(['copy1@list.test', 'copy2@list.test']);
    const target = await createGroup('Copy target', [a ?? '']);
    const copied = await call('POST', '/customers/copy', {
      customer_ids: [a, b],
      group_id: target.id,
    });
    expect(copied.json()).toEqual({ copied: 1 });
    expect((await call('GET', `/groups/${target.id}`)).json().customer_count).toBe(2);
  });

  it('shows the extended view: the list, custom column names and a page of contacts', async () => {
    const response = await call('POST', '/customers/create-or-update', {
      customers: [
        { email: 'ext1@list.test', fname: 'Ext', lname: 'One', Company: 'Acme', City: 'Oslo' },
        { email: 'ext2@list.test', fname: 'Ext', lname: 'Two', Company: 'Beta' },
      ],
    });
    const operation = /"id":"([^"]+)"/.exec(response.body)?.[1];
    const ids = (await call('GET', `/customers/create-or-update/${operation}`))
      .json()
      .data.map((row: { id: string }) => row.id);
    const group = await createGroup('Extended', ids);
    const extended = await call('GET', `/groups/${group.id}/extended?page=1&count=1`);
    const body = extended.json();
    expect(body.group).toMatchObject({ id: group.id, customer_count: 2 });
    expect(body.columns).toEqual(expect.arrayContaining(['Company', 'City']));
    expect(body).toMatchObject({ page: 1, pages: 2, per_page: 1, total_count: 2 });
    expect(body.customers[0]).toMatchObject({
      email: 'ext1@list.test',
      additional_fields: { Company: 'Acme', City: 'Oslo' },
      tags: [],
      notes: [],
    });
  });

  it('refuses to delete a list an active campaign uses, naming the campaigns', async () => {
    const group = await createGroup('In a campaign');
    const [paused] = await t.db
      .insert(campaigns)
      .values({ userId, name: 'Old one', status: 'paused', customerGroupId: group.id })
      .returning();
    const listed = (await call('GET', `/groups/${group.id}`)).json();
    expect(listed).toMatchObject({ campaign_id: paused?.id, campaign_name: 'Old one' });

    const [active] = await t.db
      .insert(campaigns)
      .values({ userId, name: 'Launch', status: 'active', customerGroupId: group.id })
      .returning();
    expect((await call('GET', `/groups/${group.id}`)).json()).toMatchObject({
      campaign_id: active?.id,
      campaign_name: 'Launch',
    });
    const refused = await call('DELETE', `/groups/${group.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'Active Campaign Detected',
      campaigns: [{ id: active?.id, name: 'Launch' }],
    });
    expect((await call('GET', `/groups/${group.id}`)).statusCode).toBe(200);

    await t.db.execute(sql`update campaigns set status = 'paused' where id = ${active?.id}`);
    const deleted = await call('DELETE', `/groups/${group.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toEqual(expect.any(String));
    expect((await call('GET', `/groups/${group.id}`)).statusCode).toBe(404);
  });
});

describe('list pages: sort, search and paging', () => {
  let lists: MailCall;

  beforeAll(async () => {
    ({ call: lists } = await mailUser(t));
    for (const name of ['Delta', 'alpha', 'Charlie', 'bravo']) {
      const response = await lists('POST', '/groups', { name });
      expect(response.statusCode).toBe(201);
    }
    const bravo = (await lists('GET', '/groups/search?key=brav')).json().groups[0];
    const imported = await lists('POST', '/customers/create-or-update', {
      group_id: bravo.id,
      customers: [
        { email: 'one@sort.test', fname: 'A', lname: 'B' },
        { email: 'two@sort.test', fname: 'A', lname: 'B' },
      ],
    });
    expect(imported.statusCode).toBe(200);
  });

  const names = (body: { groups: { name: string }[] }) => body.groups.map((group) => group.name);

  it('lists newest first by default, 10 per page', async () => {
    const body = (await lists('GET', '/groups/list')).json();
    expect(names(body)).toEqual(['bravo', 'Charlie', 'alpha', 'Delta']);
    expect(body).toMatchObject({ page: 1, pages: 1, per_page: 10, total_count: 4 });
  });

  it('sorts by name ignoring case, by contact count, both ways', async () => {
    expect(names((await lists('GET', '/groups/list?column=name&order=asc')).json())).toEqual([
      'alpha',
      'bravo',
      'Charlie',
      'Delta',
    ]);
    expect(names((await lists('GET', '/groups/list?column=name&order=desc')).json())).toEqual([
      'Delta',
      'Charlie',
      'bravo',
      'alpha',
    ]);
    const byCount = (await lists('GET', '/groups/list?column=customer_count&order=desc')).json();
    expect(byCount.groups[0]).toMatchObject({ name: 'bravo', customer_count: 2 });
  });

  it('pages with page and count', async () => {
    const second = (await lists('GET', '/groups/list?column=name&order=asc&page=2&count=3')).json();
    expect(names(second)).toEqual(['Delta']);
    expect(second).toMatchObject({ page: 2, pages: 2, per_page: 3, total_count: 4 });
  });

  it('searches names containing the key, from 2 characters', async () => {
    const found = (await lists('GET', '/groups/search?key=LT&column=name&order=asc')).json();
    expect(names(found)).toEqual(['Delta']);
    expect((await lists('GET', '/groups/search?key=%25')).statusCode).toBe(400);
    expect((await lists('GET', '/groups/search?key=%25%25')).json().total_count).toBe(0);
    expect((await lists('GET', '/groups/search?key=a')).statusCode).toBe(400);
  });

  it('refuses a NUL character in a search key, a list name or an import with a 400, changing nothing', async () => {
    const before = await Promise.all(
      ['groups', 'customers', 'create_operations'].map((table) => t.countRows(table)),
    );
    const requests: Array<[string, string, object | undefined]> = [
      ['GET', '/groups/search?key=ab%00cd', undefined],
      ['GET', '/groups/check?name=a%00b', undefined],
      ['POST', '/groups', { name: 'Nul\u0000list' }],
      [
        'POST',
        '/customers/create-or-update',
        { customers: [{ email: 'nul@sort.test', fname: 'A\u0000', lname: 'B' }] },
      ],
    ];
    for (const [method, url, payload] of requests) {
      const response = await lists(method as 'GET' | 'POST', url, payload);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toBe('Text cannot contain the NUL character (\\u0000).');
    }
    const after = await Promise.all(
      ['groups', 'customers', 'create_operations'].map((table) => t.countRows(table)),
    );
    expect(after).toEqual(before);
  });

  it('answers bad search and page input with a message naming the field and the rule', async () => {
    const cases: Array<[string, string]> = [
      ['key=a', 'key must be at least 2 characters'],
      [`key=${'a'.repeat(31)}`, 'key must be at most 30 characters'],
      ['key=ab&column=size', 'column must be one of: name, campaign_name, customer_count, created'],
      ['key=ab&order=up', 'order must be one of: asc, desc'],
      ['key=ab&page=0', 'page must be at least 1'],
      ['key=ab&page=1.5', 'page must be a whole number'],
      ['key=ab&count=101', 'count must be at most 100'],
    ];
    for (const [query, message] of cases) {
      const response = await lists('GET', `/groups/search?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ statusCode: 400, error: 'Bad Request', message });
    }
  });
});
