import type {
  SuppressionAddAnswer,
  SuppressionPage,
  SuppressionSource,
} from '@mailhound/contracts';
import { suppressionMessages } from '@mailhound/contracts';
import { and, asc, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../platform/database.ts';
import { notFound } from '../../platform/errors.ts';
import {
  containsPattern,
  isId,
  isoDate,
  offsetOf,
  type PageQuery,
  pageFields,
} from '../../platform/paging.ts';
import { suppressions } from './schema.ts';

// Rows one insert statement carries: two array parameters, whatever their length.
const INSERT_CHUNK = 10_000;

// Whether an address (a column or value of SQL, stored lower-cased as contacts are) is on the
// user's list, itself or by its domain: two lookups in the unique index.
export function isSuppressed(userId: SQL | string, email: SQL): SQL {
  return sql`exists (select 1 from ${suppressions} s where s.user_id = ${userId}
    and s.entry in (lower(${email}), '@' || split_part(lower(${email}), '@', 2)))`;
}

// Newest first; the entries one request added (one date) in alphabetical order.
export async function listSuppressions(
  db: Db,
  userId: string,
  query: PageQuery & { key?: string | undefined },
): Promise<SuppressionPage> {
  const key = query.key?.trim();
  const where = and(
    eq(suppressions.userId, userId),
    key ? ilike(suppressions.entry, containsPattern(key)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(suppressions)
      .where(where)
      .orderBy(desc(suppressions.createdAt), asc(suppressions.entry))
      .limit(query.count)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(suppressions).where(where),
  ]);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      entry: row.entry,
      source: row.source,
      created: isoDate(row.createdAt),
    })),
    ...pageFields(query, total?.total ?? 0),
  };
}

// Adds normalised entries (contracts' normaliseSuppressionEntry); an entry already on the list
// keeps its first source and date.
export async function addSuppressions(
  db: Queryable,
  userId: string,
  entries: readonly string[],
  source: SuppressionSource,
): Promise<SuppressionAddAnswer> {
  let added = 0;
  for (let start = 0; start < entries.length; start += INSERT_CHUNK) {
    const chunk = entries.slice(start, start + INSERT_CHUNK);
    const inserted = await db.execute(sql`
      insert into ${suppressions} (user_id, entry, source)
      select ${userId}, entry, ${source} from unnest(${sql.param(chunk)}::text[]) as entry
      on conflict (user_id, entry) do nothing`);
    added += inserted.rowCount ?? 0;
  }
  return { added, already: entries.length - added };
}

// An unsubscribe or a bounce puts the contact's address on the owner's list, in the same
// transaction that records it.
export async function suppressContact(
  db: Queryable,
  customerId: string,
  source: SuppressionSource,
): Promise<void> {
  await db.execute(sql`
    insert into ${suppressions} (user_id, entry, source)
    select c.user_id, lower(c.email), ${source} from customers c where c.id = ${customerId}
    on conflict (user_id, entry) do nothing`);
}

export async function deleteSuppression(db: Db, userId: string, id: string): Promise<void> {
  if (!isId(id)) throw notFound(suppressionMessages.notFound);
  const deleted = await db
    .delete(suppressions)
    .where(and(eq(suppressions.id, id), eq(suppressions.userId, userId)))
    .returning({ id: suppressions.id });
  if (deleted.length === 0) throw notFound(suppressionMessages.notFound);
}
