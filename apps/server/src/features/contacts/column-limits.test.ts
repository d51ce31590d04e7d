import { CUSTOM_COLUMNS_MAX, IMPORT_CUSTOM_COLUMNS_MAX } from '@mailhound/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { type MailCall, mailUser, readEventStream } from './contacts.test-kit.ts';
import { additionalFields } from './schema.ts';

// Security review 2d: one import with 100,000 distinct keys held a connection for 34 s and gave
// its user 100,000 custom columns. An import names at most 50, a user keeps at most 200.

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

// One contact whose custom columns are `prefix0`, `prefix1`, … (`count` of them).
const rowWithColumns = (email: string, prefix: string, count: number) => ({
  email,
  fname: 'Wide',
  lname: 'Row',
  ...Object.fromEntries(Array.from({ length: count }, (_, index) => [`${prefix}${index}`, 'v'])),
});

const importRows = (call: MailCall, customers: object[]) =>
  call('POST', '/customers/create-or-update', { customers });

// What an import writes: contacts, their values, custom columns, operations.
const written = async () =>
  Promise.all(
    ['customers', 'customer_field_values', 'additional_fields', 'create_operations'].map((table) =>
      t.countRows(table),
    ),
  );

async function importedContact(call: MailCall, customers: object[]) {
  const response = await importRows(call, customers);
  expect(response.statusCode, response.body).toBe(200);
  const end = readEventStream(response.body).at(-1)?.data as { id: string };
  const created = (await call('GET', `/customers/create-or-update/${end.id}`)).json();
  return (await call('GET', `/customers/${created.data[0].id}`)).json() as {
    additional_fields: Record<string, string>;
  };
}

describe('the custom columns of one contact import', () => {
  it(`refuses ${IMPORT_CUSTOM_COLUMNS_MAX + 1} distinct columns with a 400 naming the limit, storing nothing`, async () => {
    const { call } = await mailUser(t);
    const before = await written();
    const response = await importRows(call, [
      rowWithColumns('wide@limits.test', 'Column ', IMPORT_CUSTOM_COLUMNS_MAX),
      { email: 'other@limits.test', fname: 'One', lname: 'More', Extra: 'x' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'A contact import may have at most 50 custom columns besides email, fname and lname; this one has 51.',
    );
    expect(await written()).toEqual(before);
  });

  it(`stores ${IMPORT_CUSTOM_COLUMNS_MAX} (names differing only in case are one column)`, async () => {
    const { call } = await mailUser(t);
    const contact = await importedContact(call, [
      { ...rowWithColumns('fifty@limits.test', 'Column ', IMPORT_CUSTOM_COLUMNS_MAX) },
      { email: 'case@limits.test', fname: 'Case', lname: 'Twin', 'COLUMN 0': 'w' },
    ]);
    expect(Object.keys(contact.additional_fields)).toHaveLength(IMPORT_CUSTOM_COLUMNS_MAX);
    expect(contact.additional_fields['Column 49']).toBe('v');
    const list = (await call('GET', '/additional-fields/list')).json() as { name: string }[];
    expect(list).toHaveLength(IMPORT_CUSTOM_COLUMNS_MAX);
  });
});

describe(`a user's custom columns in all (at most ${CUSTOM_COLUMNS_MAX})`, () => {
  let call: MailCall;
  let contactId: string;

  beforeAll(async () => {
    ({ call } = await mailUser(t));
    for (let part = 0; part < CUSTOM_COLUMNS_MAX / IMPORT_CUSTOM_COLUMNS_MAX; part += 1) {
      const contact = await importedContact(call, [
        rowWithColumns('full@limits.test', `Part ${part} `, IMPORT_CUSTOM_COLUMNS_MAX),
      ]);
      expect(Object.keys(contact.additional_fields)).toHaveLength(
        (part + 1) * IMPORT_CUSTOM_COLUMNS_MAX,
      );
    }
    const created = (await call('GET', '/additional-fields/list')).json() as unknown[];
    expect(created).toHaveLength(CUSTOM_COLUMNS_MAX);
    const contacts = await t.db.execute<{ id: string }>(
      sql`select id from customers where email = 'full@limits.test'`,
    );
    contactId = contacts.rows[0]?.id ?? '';
  });

  const full =
    'You can have at most 200 custom columns. Delete columns you no longer need before adding new ones.';

  it('refuses an import that adds one more, storing nothing', async () => {
    const before = await written();
    const response = await importRows(call, [
      { email: 'new@limits.test', fname: 'New', lname: 'Column', 'Part 0 1': 'a', Another: 'b' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(full);
    expect(await written()).toEqual(before);
  });

  it('refuses one more through the column and contact routes', async () => {
    const before = await written();
    const added = await call('POST', '/additional-fields', { name: 'Another' });
    expect(added.statusCode).toBe(400);
    expect(added.json().message).toBe(full);
    const set = await call('POST', `/customers/${contactId}/additional-fields`, {
      field: 'Another',
      value: 'b',
    });
    expect(set.statusCode).toBe(400);
    expect(set.json().message).toBe(full);
    const patched = await call('PATCH', `/customers/${contactId}`, {
      additional_fields: { 'Part 1 1': 'changed', Another: 'b' },
    });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().message).toBe(full);
    expect(await written()).toEqual(before);
  });

  it('refuses a contact change with more values than a user may have columns', async () => {
    const before = await written();
    // Every key names one of the user's columns, in another case: one write each.
    const values = Object.fromEntries(
      Array.from({ length: CUSTOM_COLUMNS_MAX }, (_, index) => [
        `part ${Math.floor(index / 50)} ${index % 50}`,
        'changed',
      ]).concat([['PART 0 0', 'changed']]),
    );
    const patched = await call('PATCH', `/customers/${contactId}`, { additional_fields: values });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().message).toBe(full);
    expect(await written()).toEqual(before);
    const contact = (await call('GET', `/customers/${contactId}`)).json();
    expect(Object.values(contact.additional_fields)).not.toContain('changed');
  });

  it('still imports into the columns it has', async () => {
    const contact = await importedContact(call, [
      { email: 'full@limits.test', fname: 'Full', lname: 'User', 'part 3 49': 'kept' },
    ]);
    expect(contact.additional_fields['Part 3 49']).toBe('kept');
  });

  it('lists at most 200 even for an account that had more before the cap', async () => {
    const user = await mailUser(t);
    await t.db.insert(additionalFields).values(
      Array.from({ length: CUSTOM_COLUMNS_MAX + 5 }, (_, index) => ({
        userId: user.id,
        name: `Old ${index}`,
      })),
    );
    const list = await user.call('GET', '/additional-fields/list');
    expect(list.json()).toHaveLength(CUSTOM_COLUMNS_MAX);
  });
});

describe('the import body limit', () => {
  it('answers 413 in words over 16 MB', async () => {
    const { call } = await mailUser(t);
    const before = await written();
    const padding = 'p'.repeat(1000);
    const customers = Array.from({ length: 17 * 1024 }, (_, index) => ({
      email: `big${index}@limits.test`,
      fname: 'Big',
      lname: padding,
    }));
    const response = await importRows(call, customers);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The request body is larger than 16 MB.');
    expect(await written()).toEqual(before);
  });
});
