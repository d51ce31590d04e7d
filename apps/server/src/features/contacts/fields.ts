import { CUSTOM_COLUMNS_MAX, contactMessages, validationMessages } from '@mailhound/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/database.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { isId } from '../../platform/paging.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import { additionalFields } from './schema.ts';

export const fieldNotFound = 'Custom field not found';
export const fieldDeleted = 'The custom field was deleted.';

export const reservedColumns = ['email', 'fname', 'lname'];

// The user's custom columns, oldest first: at most CUSTOM_COLUMNS_MAX (only an account that
// had more before the cap held would have more; the newest are then left out).
export async function listFields(
  db: Queryable,
  userId: string,
): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: additionalFields.id, name: additionalFields.name })
    .from(additionalFields)
    .where(eq(additionalFields.userId, userId))
    .orderBy(additionalFields.createdAt, additionalFields.name)
    .limit(CUSTOM_COLUMNS_MAX);
}

export async function fieldNames(db: Queryable, userId: string): Promise<string[]> {
  return (await listFields(db, userId)).map((field) => field.name);
}

// A user's fields are created one transaction at a time, so that concurrent imports cannot
// pass CUSTOM_COLUMNS_MAX together. Returns the user's field ids by lower-cased name.
async function lockFields(tx: Queryable, userId: string): Promise<Map<string, string>> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`custom-fields:${userId}`}))`);
  const fields = await tx
    .select({ id: additionalFields.id, name: additionalFields.name })
    .from(additionalFields)
    .where(eq(additionalFields.userId, userId));
  return new Map(fields.map((field) => [field.name.toLowerCase(), field.id]));
}

// The user's fields of these names (matched ignoring case; a new one takes the spelling given),
// by lower-cased name. The missing ones are created in one statement; 400 when the user would
// have more than CUSTOM_COLUMNS_MAX.
export async function ensureFields(
  db: Queryable,
  userId: string,
  names: string[],
): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  return db.transaction(async (tx) => {
    const ids = await lockFields(tx, userId);
    const missing = [
      ...new Map(
        names.filter((name) => !ids.has(name.toLowerCase())).map((n) => [n.toLowerCase(), n]),
      ).values(),
    ];
    if (missing.length > 0) {
      if (ids.size + missing.length > CUSTOM_COLUMNS_MAX) {
        throw badRequest(contactMessages.tooManyColumns);
      }
      const created = await tx.execute<{ id: string; name: string }>(sql`
        insert into additional_fields (user_id, name)
        select ${userId}, name from unnest(${sql.param(missing)}::text[]) as new(name)
        on conflict do nothing
        returning id, name`);
      for (const field of created.rows) ids.set(field.name.toLowerCase(), field.id);
    }
    return new Map(
      names.map((name) => {
        const id = ids.get(name.toLowerCase());
        if (!id) throw new Error(`custom field ${name} vanished`);
        return [name.toLowerCase(), id];
      }),
    );
  });
}

export async function createField(db: Queryable, userId: string, name: string) {
  if (reservedColumns.includes(name.toLowerCase())) throw conflict(validationMessages.nameInUse);
  try {
    return await db.transaction(async (tx) => {
      const ids = await lockFields(tx, userId);
      if (ids.has(name.toLowerCase())) throw conflict(validationMessages.nameInUse);
      if (ids.size >= CUSTOM_COLUMNS_MAX) throw badRequest(contactMessages.tooManyColumns);
      const [field] = await tx
        .insert(additionalFields)
        .values({ userId, name })
        .returning({ id: additionalFields.id, name: additionalFields.name });
      if (!field) throw new Error('insert returned nothing');
      return field;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(validationMessages.nameInUse);
    throw error;
  }
}

// Deletes one of the user's fields; its values go with it (foreign key cascade).
export async function deleteField(db: Queryable, userId: string, id: string): Promise<void> {
  const deleted = isId(id)
    ? await db
        .delete(additionalFields)
        .where(and(eq(additionalFields.id, id), eq(additionalFields.userId, userId)))
        .returning({ id: additionalFields.id })
    : [];
  if (deleted.length === 0) throw notFound(fieldNotFound);
}
