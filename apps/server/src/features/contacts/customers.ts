import type { ContactVerification, CustomerAnswer, CustomerUpdate } from '@mailhound/contracts';
import {
  CUSTOM_COLUMNS_MAX,
  contactMessages,
  VERIFIED_SCORE,
  verdictSkipReason,
} from '@mailhound/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../platform/database.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { isId, isoDate } from '../../platform/paging.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import { isSuppressed } from '../suppression/index.ts';
import { latestVerdict } from '../verify/index.ts';
import { ensureFields, fieldNotFound, reservedColumns } from './fields.ts';
import {
  additionalFields,
  customerFieldValues,
  customers,
  customerTags,
  notes,
  tags,
} from './schema.ts';

export const contactNotFound = 'Contact not found';
export const emailInUse = 'A contact with this e-mail already exists.';

type CustomerRow = {
  id: string;
  email: string;
  fname: string;
  lname: string;
  created_at: Date | string;
  additional_fields: Record<string, string>;
  tags: string[];
  notes: { id: string; text: string; created: string }[];
  verification: ContactVerification;
  suppressed: boolean;
  verdict: { status: string; reason: string } | null;
};

// The contact's address against what the user was given of it: their own settled searches
// and the results of their bulk requests they paid for (the latest that found it gives the
// score). Nothing else: another user's search, or a result not bought, tells nothing
// (found_emails, every address any search verified, is only the footer's count).
const contactVerification = sql`coalesce(
  (select jsonb_build_object(
      'status', case when s.score >= ${VERIFIED_SCORE} then 'verified' else 'possible' end,
      'score', s.score)
    from (
      select h.score, h.created_at as at from search_history h
      where h.user_id = c.user_id and h.settled_at is not null and h.score is not null
        and lower(h.result->>'exactEmail') = lower(c.email)
      union all
      select r.score, q.created_at from bulk_requests q join bulk_rows r on r.request_id = q.id
      where q.user_id = c.user_id and r.score is not null and lower(r.email) = lower(c.email)
        and exists (select 1 from bulk_purchases p where p.request_id = q.id)
    ) s order by s.at desc limit 1),
  jsonb_build_object('status', 'unverified', 'score', null))`;

// The contact JSON: its custom values by field name, tags, and notes newest first.
export const customerColumns = sql`
  c.id, c.email, c.fname, c.lname, c.created_at,
  coalesce((select jsonb_object_agg(f.name, v.value) from customer_field_values v
    join additional_fields f on f.id = v.field_id where v.customer_id = c.id), '{}'::jsonb)
    as additional_fields,
  coalesce((select jsonb_agg(t.name order by lower(t.name)) from customer_tags ct
    join tags t on t.id = ct.tag_id where ct.customer_id = c.id), '[]'::jsonb) as tags,
  coalesce((select jsonb_agg(jsonb_build_object('id', n.id, 'text', n.text, 'created', n.created_at)
    order by n.created_at desc, n.id) from notes n where n.customer_id = c.id), '[]'::jsonb) as notes,
  ${contactVerification} as verification,
  ${isSuppressed(sql`c.user_id`, sql`c.email`)} as suppressed,
  ${latestVerdict(sql`c.user_id`, sql`c.email`)} as verdict`;

// includeRisky: the setting of the campaign the contact is read for; outside a list, only what
// every campaign skips (an invalid address) is told.
export function customerAnswer(row: CustomerRow, includeRisky = true): CustomerAnswer {
  return {
    id: row.id,
    email: row.email,
    fname: row.fname,
    lname: row.lname,
    additional_fields: row.additional_fields,
    tags: row.tags,
    notes: row.notes.map((note) => ({ ...note, created: isoDate(note.created) })),
    created: isoDate(row.created_at),
    verification: row.verification,
    suppressed: row.suppressed,
    skipped: verdictSkipReason(row.verdict, includeRisky),
  };
}

export async function readCustomers(
  db: Queryable,
  userId: string,
  ids: string[],
  includeRisky = true,
): Promise<CustomerAnswer[]> {
  if (ids.length === 0) return [];
  const result = await db.execute<CustomerRow>(sql`
    select ${customerColumns} from customers c
    where c.user_id = ${userId} and c.id = any(${sql.param(ids)}::uuid[])`);
  const byId = new Map(result.rows.map((row) => [row.id, customerAnswer(row, includeRisky)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function readCustomer(
  db: Queryable,
  userId: string,
  id: string,
): Promise<CustomerAnswer> {
  if (!isId(id)) throw notFound(contactNotFound);
  const [customer] = await readCustomers(db, userId, [id]);
  if (!customer) throw notFound(contactNotFound);
  return customer;
}

// Throws 404 unless every id is one of the user's contacts.
export async function requireOwnCustomers(
  db: Queryable,
  userId: string,
  ids: string[],
): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.some((id) => !isId(id))) throw notFound(contactNotFound);
  if (unique.length === 0) return [];
  const found = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.userId, userId), inArray(customers.id, unique)));
  if (found.length !== unique.length) throw notFound(contactNotFound);
  return unique;
}

// Sets (or, with '', removes) the contact's values; the columns are added when new. More
// values than a user may have columns is a 400 before anything is written.
async function setFieldValues(
  db: Queryable,
  userId: string,
  customerId: string,
  values: [field: string, value: string][],
): Promise<void> {
  if (values.length > CUSTOM_COLUMNS_MAX) throw badRequest(contactMessages.tooManyColumns);
  const fieldIds = await ensureFields(
    db,
    userId,
    values.map(([field]) => field),
  );
  for (const [field, value] of values) {
    await setFieldValue(db, userId, customerId, fieldIds.get(field.toLowerCase()) ?? '', value);
  }
}

async function setFieldValue(
  db: Queryable,
  userId: string,
  customerId: string,
  fieldId: string,
  value: string,
): Promise<void> {
  if (value === '') {
    await db
      .delete(customerFieldValues)
      .where(
        and(
          eq(customerFieldValues.customerId, customerId),
          eq(customerFieldValues.fieldId, fieldId),
        ),
      );
    return;
  }
  await db
    .insert(customerFieldValues)
    .values({ customerId, fieldId, userId, value })
    .onConflictDoUpdate({
      target: [customerFieldValues.customerId, customerFieldValues.fieldId],
      set: { value },
    });
}

async function removeFieldValue(
  db: Queryable,
  userId: string,
  customerId: string,
  field: string,
): Promise<void> {
  const [found] = await db
    .select({ id: additionalFields.id })
    .from(additionalFields)
    .where(
      and(
        eq(additionalFields.userId, userId),
        sql`lower(${additionalFields.name}) = lower(${field})`,
      ),
    );
  if (!found) throw notFound(fieldNotFound);
  await db
    .delete(customerFieldValues)
    .where(
      and(
        eq(customerFieldValues.customerId, customerId),
        eq(customerFieldValues.fieldId, found.id),
      ),
    );
}

async function updateCustomer(
  db: Queryable,
  userId: string,
  id: string,
  update: CustomerUpdate,
  now: Date,
): Promise<void> {
  const { additional_fields: values, ...fields } = update;
  if (Object.keys(fields).length > 0) {
    try {
      await db
        .update(customers)
        .set({ ...fields, updatedAt: now })
        .where(and(eq(customers.id, id), eq(customers.userId, userId)));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(emailInUse);
      throw error;
    }
  }
  const custom = Object.entries(values ?? {}).filter(
    ([field]) => !reservedColumns.includes(field.toLowerCase()),
  );
  await setFieldValues(db, userId, id, custom);
}

// Replaces the contact's tags with these (names kept as first written, matched ignoring case).
async function setTags(
  db: Queryable,
  userId: string,
  customerId: string,
  names: string[],
): Promise<void> {
  const byKey = new Map<string, string>();
  for (const name of names) if (!byKey.has(name.toLowerCase())) byKey.set(name.toLowerCase(), name);
  const unique = [...byKey.values()];
  await db.delete(customerTags).where(eq(customerTags.customerId, customerId));
  if (unique.length === 0) return;
  await db
    .insert(tags)
    .values(unique.map((name) => ({ userId, name })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(
        eq(tags.userId, userId),
        sql`lower(${tags.name}) = any(${sql.param(unique.map((name) => name.toLowerCase()))}::text[])`,
      ),
    );
  await db
    .insert(customerTags)
    .values(rows.map((tag) => ({ customerId, tagId: tag.id, userId })))
    .onConflictDoNothing();
}

async function addNote(
  db: Queryable,
  userId: string,
  customerId: string,
  text: string,
): Promise<void> {
  await db.insert(notes).values({ userId, customerId, text });
}

export async function listTags(db: Queryable, userId: string) {
  return db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(eq(tags.userId, userId))
    .orderBy(tags.name);
}

// One change to one of the user's contacts (404 when it is not theirs), in a transaction;
// answers the contact as it now is.
async function editCustomer(
  db: Db,
  userId: string,
  id: string,
  edit: (tx: Queryable) => Promise<void>,
): Promise<CustomerAnswer> {
  await readCustomer(db, userId, id);
  await db.transaction(edit);
  return readCustomer(db, userId, id);
}

// `now` stamps the change: the delivered job reads a send as its contact's only when the
// contact was not edited after it (sender/delivered.ts), so it is the app's clock, not the wall's.
export function changeCustomer(
  db: Db,
  userId: string,
  id: string,
  update: CustomerUpdate,
  now: Date,
) {
  return editCustomer(db, userId, id, (tx) => updateCustomer(tx, userId, id, update, now));
}

// Sets one custom value (the column is added when new); e-mail and names are not custom.
export function setCustomerValue(db: Db, userId: string, id: string, field: string, value: string) {
  return editCustomer(db, userId, id, async (tx) => {
    if (reservedColumns.includes(field.toLowerCase())) throw conflict(contactMessages.nameInUse);
    await setFieldValues(tx, userId, id, [[field, value]]);
  });
}

export function clearCustomerValue(db: Db, userId: string, id: string, field: string) {
  return editCustomer(db, userId, id, (tx) => removeFieldValue(tx, userId, id, field));
}

export function replaceCustomerTags(db: Db, userId: string, id: string, names: string[]) {
  return editCustomer(db, userId, id, (tx) => setTags(tx, userId, id, names));
}

export function addCustomerNote(db: Db, userId: string, id: string, text: string) {
  return editCustomer(db, userId, id, (tx) => addNote(tx, userId, id, text));
}
