import { validationMessages } from '@mailhound/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/database.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { isId } from '../../platform/paging.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import { additionalFields } from './schema.ts';

export const fieldNotFound = 'Custom field not found';
export const fieldDeleted = 'The custom field was deleted.';

export const reservedColumns = ['email', 'fname', 'lname'];

// The user's custom columns, oldest first.
export async function listFields(
  db: Queryable,
  userId: string,
): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: additionalFields.id, name: additionalFields.name })
    .from(additionalFields)
    .where(eq(additionalFields.userId, userId))
    .orderBy(additionalFields.createdAt, additionalFields.name);
}

export async function fieldNames(db: Queryable, userId: string): Promise<string[]> {
  return (await listFields(db, userId)).map((field) => field.name);
}

// The user's field of that name (case-insensitive), created when missing.
export async function ensureField(db: Queryable, userId: string, name: string): Promise<string> {
  await db.insert(additionalFields).values({ userId, name }).onConflictDoNothing();
  const [field] = await db
    .select({ id: additionalFields.id })
    .from(additionalFields)
    .where(
      and(
        eq(additionalFields.userId, userId),
        sql`lower(${additionalFields.name}) = lower(${name})`,
      ),
    );
  if (!field) throw new Error(`custom field ${name} vanished`);
  return field.id;
}

export async function createField(db: Queryable, userId: string, name: string) {
  if (reservedColumns.includes(name.toLowerCase())) throw conflict(validationMessages.nameInUse);
  try {
    const [field] = await db
      .insert(additionalFields)
      .values({ userId, name })
      .returning({ id: additionalFields.id, name: additionalFields.name });
    if (!field) throw new Error('insert returned nothing');
    return field;
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
