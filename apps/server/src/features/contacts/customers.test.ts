import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { type MailCall, mailUser, readEventStream } from './contacts.test-kit.ts';
import { customers } from './schema.ts';

let t: TestContext;
let call: MailCall;

beforeAll(async () => {
  t = await createTestContext();
  ({ call } = await mailUser(t));
});
afterAll(() => t.close());

type Created = { id: string; email: string; fname: string; lname: string };

async function importContacts(customers: object[], groupId?: string) {
  const response = await call('POST', '/customers/create-or-update', {
    customers,
    ...(groupId ? { group_id: groupId } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
  const messages = readEventStream(response.body);
  const end = messages.at(-1)?.data as { EOF: true; id: string; skipped: number };
  const created = await call('GET', `/customers/create-or-update/${end.id}`);
  return { messages, end, data: (created.json() as { data: Created[] }).data };
}

describe('create-or-update (streamed)', () => {
  it('sends progress per batch of 500, then EOF with the id that fetches the contacts', async () => {
    const customers = Array.from({ length: 1200 }, (_, index) => ({
      email: `person${index}@bulk.test`,
      fname: `First${index}`,
      lname: 'Bulk',
    }));
    const { messages, end, data } = await importContacts(customers);
    expect(messages.map((message) => message.data)).toEqual([
      { progress: 500, total: 1200 },
      { progress: 1000, total: 1200 },
      { progress: 1200, total: 1200 },
      { EOF: true, id: end.id, skipped: 0 },
    ]);
    expect(data).toHaveLength(1200);
    expect(data[0]).toEqual({
      id: expect.any(String),
      email: 'person0@bulk.test',
      fname: 'First0',
      lname: 'Bulk',
    });
    expect(data[1199]?.email).toBe('person1199@bulk.test');
  });

  it('skips rows without an e-mail or without both names, and counts them', async () => {
    const { end, data } = await importContacts([
      { email: 'kept@skip.test', fname: 'Only first' },
      { email: 'kept2@skip.test', fname: '', lname: 'Only last' },
      { email: '', fname: 'No', lname: 'Email' },
      { email: 'not-an-email', fname: 'Bad', lname: 'Email' },
      { email: 'nonames@skip.test', fname: ' ', lname: '' },
      { email: 'long@skip.test', fname: 'x'.repeat(51), lname: 'Long' },
    ]);
    expect(end.skipped).toBe(4);
    expect(data.map((row) => row.email)).toEqual(['kept@skip.test', 'kept2@skip.test']);
    expect(data[0]).toMatchObject({ fname: 'Only first', lname: '' });
  });

  it('updates contacts by e-mail ignoring case, keeping names left empty', async () => {
    const first = await importContacts([
      { email: 'Same@Upsert.test', fname: 'Ann', lname: 'Old', Company: 'Acme' },
    ]);
    const second = await importContacts([
      { email: 'same@upsert.TEST', fname: '', lname: 'New', Company: 'Beta', Title: 'CTO' },
    ]);
    expect(second.data[0]?.id).toBe(first.data[0]?.id);
    const contact = (await call('GET', `/customers/${first.data[0]?.id}`)).json();
    expect(contact).toMatchObject({
      email: 'same@upsert.test',
      fname: 'Ann',
      lname: 'New',
      additional_fields: { Company: 'Beta', Title: 'CTO' },
    });
  });

  it('adds the contacts to the list it names', async () => {
    const group = (await call('POST', '/groups', { name: 'Imported' })).json();
    await importContacts(
      [
        { email: 'g1@list.test', fname: 'G', lname: 'One' },
        { email: 'g2@list.test', fname: 'G', lname: 'Two' },
      ],
      group.id,
    );
    expect((await call('GET', `/groups/${group.id}`)).json().customer_count).toBe(2);
  });

  it('refuses a custom column name over 20 characters before writing anything', async () => {
    const before = await t.countRows('customers');
    const response = await call('POST', '/customers/create-or-update', {
      customers: [{ email: 'x@cols.test', fname: 'X', lname: 'Y', ['c'.repeat(21)]: 'v' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      `Column name "${'c'.repeat(21)}" must be at most 20 characters`,
    );
    expect(await t.countRows('customers')).toBe(before);
  });
});

describe('a contact: fields, custom values, tags and notes', () => {
  let id: string;

  beforeAll(async () => {
    const { data } = await importContacts([
      { email: 'card@contact.test', fname: 'Card', lname: 'Holder' },
    ]);
    id = data[0]?.id ?? '';
  });

  it('updates e-mail and names with the §5 rules', async () => {
    t.clock.advance(3_600_000);
    const updated = await call('PATCH', `/customers/${id}`, {
      fname: ' Cara ',
      email: 'Cara@Contact.test',
    });
    expect(updated.json()).toMatchObject({
      fname: 'Cara',
      email: 'cara@contact.test',
      lname: 'Holder',
    });
    // The change is stamped by the app's clock: the delivered job compares it with send times.
    const [row] = await t.db
      .select({ updatedAt: customers.updatedAt })
      .from(customers)
      .where(eq(customers.id, id));
    expect(row?.updatedAt.getTime()).toBe(t.clock.now().getTime());
    const long = await call('PATCH', `/customers/${id}`, { lname: 'l'.repeat(51) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Must be at most 50 characters');
    const empty = await call('PATCH', `/customers/${id}`, { fname: '' });
    expect(empty.json().message).toBe('This field is required');
    await importContacts([{ email: 'taken@contact.test', fname: 'T', lname: 'K' }]);
    const taken = await call('PATCH', `/customers/${id}`, { email: 'taken@contact.test' });
    expect(taken.statusCode).toBe(409);
  });

  it('adds custom columns (names of 20 characters at most) and sets and clears values', async () => {
    const field = await call('POST', '/additional-fields', { name: 'Industry' });
    expect(field.json()).toEqual({ id: expect.any(String), name: 'Industry' });
    expect((await call('POST', '/additional-fields', { name: 'industry' })).statusCode).toBe(409);
    const long = await call('POST', '/additional-fields', { name: 'f'.repeat(21) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Must be at most 20 characters');

    const set = await call('POST', `/customers/${id}/additional-fields`, {
      field: 'Industry',
      value: 'Retail',
    });
    expect(set.json().additional_fields).toMatchObject({ Industry: 'Retail' });
    const tooLong = await call('POST', `/customers/${id}/additional-fields`, {
      field: 'Industry',
      value: 'v'.repeat(51),
    });
    expect(tooLong.statusCode).toBe(400);
    const viaPatch = await call('PATCH', `/customers/${id}`, {
      additional_fields: { Region: 'EU' },
    });
    expect(viaPatch.json().additional_fields).toEqual({ Industry: 'Retail', Region: 'EU' });

    const cleared = await call('DELETE', `/customers/${id}/additional-fields?field=Industry`);
    expect(cleared.json().additional_fields).toEqual({ Region: 'EU' });

    const fields = (await call('GET', '/additional-fields/list')).json() as {
      id: string;
      name: string;
    }[];
    const region = fields.find((entry) => entry.name === 'Region');
    expect((await call('DELETE', `/additional-fields/${region?.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/customers/${id}`)).json().additional_fields).toEqual({});
  });

  it('refuses e-mail and names as a custom column of a contact, adding no column', async () => {
    const before = await t.countRows('additional_fields');
    const email = await call('POST', `/customers/${id}/additional-fields`, {
      field: 'Email',
      value: 'other@contact.test',
    });
    expect(email.statusCode).toBe(409);
    expect(email.json().message).toBe('This name is already in use. Try another one.');
    expect(await t.countRows('additional_fields')).toBe(before);
    expect((await call('GET', `/customers/${id}`)).json().email).toBe('cara@contact.test');
  });

  it('sets tags (replacing them) and lists the user’s tags', async () => {
    const tagged = await call('POST', `/customers/${id}/tags`, { tags: ['VIP', 'lead', 'vip'] });
    expect(tagged.json().tags).toEqual(['lead', 'VIP']);
    const retagged = await call('POST', `/customers/${id}/tags`, { tags: ['Lead'] });
    expect(retagged.json().tags).toEqual(['lead']);
    const tags = (await call('GET', '/tags/list')).json() as { name: string }[];
    expect(tags.map((tag) => tag.name).sort()).toEqual(['VIP', 'lead']);
  });

  it('adds notes (required, 2000 characters at most), newest first', async () => {
    await call('POST', `/customers/${id}/notes`, { text: 'Called, no answer' });
    const noted = await call('POST', `/customers/${id}/notes`, { text: 'Replied' });
    expect(noted.json().notes.map((note: { text: string }) => note.text)).toEqual([
      'Replied',
      'Called, no answer',
    ]);
    expect((await call('POST', `/customers/${id}/notes`, { text: ' ' })).statusCode).toBe(400);
    const long = await call('POST', `/customers/${id}/notes`, { text: 'n'.repeat(2001) });
    expect(long.json().message).toBe('Must be at most 2000 characters');
  });
});

describe('another user (IDOR)', () => {
  it('never reads or changes the first user’s lists, contacts, fields, tags or notes', async () => {
    const group = (await call('POST', '/groups', { name: 'Private list' })).json();
    const { end, data } = await importContacts(
      [{ email: 'secret@idor.test', fname: 'Se', lname: 'Cret', Private: 'yes' }],
      group.id,
    );
    const customerId = data[0]?.id ?? '';
    const field = (await call('GET', '/additional-fields/list')).json()[0] as { id: string };
    const { call: other } = await mailUser(t);

    const notFound = [
      await other('GET', `/groups/${group.id}`),
      await other('PATCH', `/groups/${group.id}`, { name: 'Mine now' }),
      await other('DELETE', `/groups/${group.id}`),
      await other('GET', `/groups/${group.id}/search`),
      await other('GET', `/groups/${group.id}/extended`),
      await other('PATCH', `/groups/${group.id}/del-users`, { customer_ids: [customerId] }),
      await other('GET', `/customers/${customerId}`),
      await other('PATCH', `/customers/${customerId}`, { fname: 'Changed' }),
      await other('POST', `/customers/${customerId}/notes`, { text: 'hi' }),
      await other('POST', `/customers/${customerId}/tags`, { tags: ['x'] }),
      await other('POST', `/customers/${customerId}/additional-fields`, { field: 'A', value: 'b' }),
      await other('DELETE', `/customers/${customerId}/additional-fields?field=Private`),
      await other('DELETE', `/additional-fields/${field.id}`),
      await other('GET', `/customers/create-or-update/${end.id}`),
      await other('POST', '/customers/copy', { customer_ids: [customerId], group_id: group.id }),
      await other('POST', '/customers/create-or-update', { customers: [], group_id: group.id }),
    ];
    expect(notFound.map((response) => response.statusCode)).toEqual(notFound.map(() => 404));

    // The other user's own list cannot take the first user's contacts either.
    const own = (await other('POST', '/groups', { name: 'Private list' })).json();
    expect(own.name).toBe('Private list');
    expect(
      (await other('PATCH', `/groups/${own.id}/add-users`, { customer_ids: [customerId] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await other('POST', '/groups', { name: 'x', customer_ids: [customerId] })).statusCode,
    ).toBe(404);
    expect((await other('GET', '/groups/list')).json().total_count).toBe(1);
    expect((await other('GET', '/tags/list')).json()).toEqual([]);
    expect((await other('GET', '/additional-fields/list')).json()).toEqual([]);
    // The other user importing the same address gets a contact of their own.
    const mine = await other('POST', '/customers/create-or-update', {
      customers: [{ email: 'secret@idor.test', fname: 'Other', lname: 'Person' }],
    });
    const mineId = /"id":"([^"]+)"/.exec(mine.body)?.[1];
    const mineData = (await other('GET', `/customers/create-or-update/${mineId}`)).json().data;
    expect(mineData[0].id).not.toBe(customerId);

    expect((await call('GET', `/customers/${customerId}`)).json()).toMatchObject({
      fname: 'Se',
      notes: [],
      tags: [],
      additional_fields: { Private: 'yes' },
    });
    expect((await call('GET', `/groups/${group.id}`)).json()).toMatchObject({
      name: 'Private list',
      customer_count: 1,
    });
  });

  it('needs a login', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/mail/groups/list' });
    expect(response.statusCode).toBe(401);
  });
});
