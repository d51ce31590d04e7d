import {
  COLUMN_NAME_MAX,
  type CreateOrUpdateBody,
  contactMessages,
  emailSchema,
  IMPORT_CUSTOM_COLUMNS_MAX,
} from '@mailhound/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/database.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { isId } from '../../platform/paging.ts';
import { recordPeopleSeen, type SeenPerson } from '../search/index.ts';
import { ensureFields, reservedColumns } from './fields.ts';
import { addToGroup } from './groups.ts';
import { createOperationCustomers, createOperations, customers } from './schema.ts';

export const BATCH_SIZE = 500;
const VALUE_MAX = 50;
export const operationNotFound = 'Operation not found';

type Row = { email: string; fname: string; lname: string; values: Map<string, string> };

const text = (value: unknown) =>
  value === null || value === undefined ? '' : String(value).trim();

// Custom columns are the keys besides email, fname and lname; names are matched ignoring
// case, and the first spelling met names a new field. At most IMPORT_CUSTOM_COLUMNS_MAX.
export function customColumns(body: CreateOrUpdateBody): Map<string, string> {
  const columns = new Map<string, string>();
  for (const row of body.customers) {
    for (const key of Object.keys(row)) {
      const name = key.trim().replace(/\s+/g, ' ');
      if (name === '' || reservedColumns.includes(name.toLowerCase())) continue;
      if (name.length > COLUMN_NAME_MAX) {
        throw badRequest(`Column name "${name}" must be at most ${COLUMN_NAME_MAX} characters`);
      }
      if (!columns.has(name.toLowerCase())) columns.set(name.toLowerCase(), name);
    }
  }
  if (columns.size > IMPORT_CUSTOM_COLUMNS_MAX) {
    throw badRequest(contactMessages.tooManyImportColumns(columns.size));
  }
  return columns;
}

// A row is kept with a valid e-mail and at least one name (product-spec §5 bulk list rows),
// every value at most 50 characters.
export function normalizeRow(row: Record<string, unknown>): Row | undefined {
  const email = emailSchema.safeParse(text(row.email));
  if (!email.success || email.data.length > VALUE_MAX) return undefined;
  const fname = text(row.fname);
  const lname = text(row.lname);
  if (fname === '' && lname === '') return undefined;
  if (fname.length > VALUE_MAX || lname.length > VALUE_MAX) return undefined;
  const values = new Map<string, string>();
  for (const [key, raw] of Object.entries(row)) {
    const name = key.trim().replace(/\s+/g, ' ').toLowerCase();
    if (name === '' || reservedColumns.includes(name)) continue;
    const value = text(raw);
    if (value.length > VALUE_MAX) return undefined;
    if (value !== '') values.set(name, value);
  }
  return { email: email.data, fname, lname, values };
}

// The rows with a first name, a last name and a valid address.
function* namedPeople(rows: Record<string, unknown>[]): Generator<SeenPerson> {
  for (const raw of rows) {
    const row = normalizeRow(raw);
    if (row?.fname && row.lname)
      yield { firstName: row.fname, lastName: row.lname, email: row.email };
  }
}

export async function startOperation(
  db: Db,
  userId: string,
  body: CreateOrUpdateBody,
): Promise<{ id: string; fields: Map<string, string> }> {
  const groupId = body.group_id;
  if (groupId !== undefined) {
    const [group] = isId(groupId)
      ? await db
          .execute<{ id: string }>(
            sql`select id from groups where id = ${groupId} and user_id = ${userId}`,
          )
          .then((result) => result.rows)
      : [];
    if (!group) throw notFound('Contact list not found');
  }
  const columns = customColumns(body);
  return db.transaction(async (tx) => {
    const fields = await ensureFields(tx, userId, [...columns.values()]);
    const [operation] = await tx
      .insert(createOperations)
      .values({ userId, groupId, total: body.customers.length })
      .returning({ id: createOperations.id });
    if (!operation) throw new Error('insert returned nothing');
    return { id: operation.id, fields };
  });
}

// One transaction: the batch's contacts upserted by (user, lower(email)), their custom values,
// the list membership and the operation's progress. Names left empty keep the stored ones.
async function writeBatch(
  tx: Tx,
  userId: string,
  operation: { id: string; fields: Map<string, string>; groupId: string | undefined },
  rows: Record<string, unknown>[],
  position: number,
): Promise<{ skipped: number }> {
  const byEmail = new Map<string, Row>();
  let skipped = 0;
  for (const raw of rows) {
    const row = normalizeRow(raw);
    if (row) byEmail.set(row.email, row);
    else skipped += 1;
  }
  const kept = [...byEmail.values()];
  if (kept.length > 0) {
    const written = await tx.execute<{ id: string; email: string }>(sql`
      insert into customers (user_id, email, fname, lname)
      select ${userId}, * from unnest(
        ${sql.param(kept.map((row) => row.email))}::text[],
        ${sql.param(kept.map((row) => row.fname))}::text[],
        ${sql.param(kept.map((row) => row.lname))}::text[])
      on conflict (user_id, lower(email)) do update set
        fname = case when excluded.fname <> '' then excluded.fname else customers.fname end,
        lname = case when excluded.lname <> '' then excluded.lname else customers.lname end,
        updated_at = now()
      returning id, email`);
    const idOf = new Map(written.rows.map((row) => [row.email.toLowerCase(), row.id]));
    const values = kept.flatMap((row) =>
      [...row.values].map(([name, value]) => ({
        customerId: idOf.get(row.email) ?? '',
        fieldId: operation.fields.get(name) ?? '',
        value,
      })),
    );
    if (values.length > 0) {
      await tx.execute(sql`
        insert into customer_field_values (customer_id, field_id, user_id, value)
        select customer_id, field_id, ${userId}, value from unnest(
          ${sql.param(values.map((value) => value.customerId))}::uuid[],
          ${sql.param(values.map((value) => value.fieldId))}::uuid[],
          ${sql.param(values.map((value) => value.value))}::text[]) as v(customer_id, field_id, value)
        on conflict (customer_id, field_id) do update set value = excluded.value`);
    }
    const ids = kept.map((row) => idOf.get(row.email) ?? '');
    await tx.insert(createOperationCustomers).values(
      ids.map((customerId, index) => ({
        operationId: operation.id,
        position: position + index,
        customerId,
        userId,
      })),
    );
    if (operation.groupId) await addToGroup(tx, userId, operation.groupId, ids);
  }
  await tx
    .update(createOperations)
    .set({
      done: sql`${createOperations.done} + ${rows.length}`,
      skipped: sql`${createOperations.skipped} + ${skipped}`,
    })
    .where(eq(createOperations.id, operation.id));
  return { skipped };
}

export type Progress = { progress: number; total: number };

export async function runOperation(
  db: Db,
  userId: string,
  body: CreateOrUpdateBody,
  operation: { id: string; fields: Map<string, string> },
  onProgress: (progress: Progress) => void,
): Promise<{ skipped: number }> {
  const total = body.customers.length;
  let skipped = 0;
  try {
    for (let start = 0; start < total; start += BATCH_SIZE) {
      const rows = body.customers.slice(start, start + BATCH_SIZE);
      const batch = await db.transaction((tx) =>
        writeBatch(tx, userId, { ...operation, groupId: body.group_id }, rows, start),
      );
      skipped += batch.skipped;
      // Contacts with both names and an address teach the finder their domains' patterns.
      await recordPeopleSeen(db, namedPeople(rows), 'known', userId);
      onProgress({ progress: start + rows.length, total });
    }
    await db
      .update(createOperations)
      .set({ status: 'done', finishedAt: new Date() })
      .where(eq(createOperations.id, operation.id));
    return { skipped };
  } catch (error) {
    await db
      .update(createOperations)
      .set({ status: 'failed', error: String(error), finishedAt: new Date() })
      .where(eq(createOperations.id, operation.id));
    throw error;
  }
}

export async function operationResult(db: Db, userId: string, id: string) {
  if (!isId(id)) throw notFound(operationNotFound);
  const [operation] = await db
    .select({ skipped: createOperations.skipped })
    .from(createOperations)
    .where(and(eq(createOperations.id, id), eq(createOperations.userId, userId)));
  if (!operation) throw notFound(operationNotFound);
  const rows = await db
    .select({
      id: customers.id,
      email: customers.email,
      fname: customers.fname,
      lname: customers.lname,
    })
    .from(createOperationCustomers)
    .innerJoin(customers, eq(customers.id, createOperationCustomers.customerId))
    .where(
      and(
        eq(createOperationCustomers.operationId, id),
        eq(createOperationCustomers.userId, userId),
      ),
    )
    .orderBy(asc(createOperationCustomers.position));
  return { data: rows, skipped: operation.skipped };
}
