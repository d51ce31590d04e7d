import type { ContactList } from '@mailhound/contracts';
import { contactMessages } from '@mailhound/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Queryable, Tx } from '../../platform/database.ts';
import { conflict, HttpError, notFound } from '../../platform/errors.ts';
import {
  containsPattern,
  isId,
  isoDate,
  offsetOf,
  type PageQuery,
  pageFields,
} from '../../platform/paging.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import { readCustomers, requireOwnCustomers } from './customers.ts';
import { fieldNames } from './fields.ts';
import { groupCustomers, groups } from './schema.ts';

export const listNotFound = 'Contact list not found';
export const listDeleted = 'The contact list was deleted.';

export const groupSortColumns = ['name', 'campaign_name', 'customer_count', 'created'] as const;
// Without an order, newest lists first by creation date, else A to Z (smallest first).
export type GroupSort = {
  column: (typeof groupSortColumns)[number];
  order?: 'asc' | 'desc' | undefined;
};

type KeyedPage = PageQuery & { key?: string | undefined };

type GroupRow = {
  id: string;
  name: string;
  campaign_id: string | null;
  campaign_name: string | null;
  customer_count: number;
  created: Date | string;
};

// A list with its contact count and the active (else latest) campaign that uses it.
function groupsOf(userId: string) {
  return sql`
    select g.id, g.name, c.id as campaign_id, c.name as campaign_name,
      (select count(*)::int from group_customers gc where gc.group_id = g.id) as customer_count,
      g.created_at as created
    from groups g
    left join lateral (
      select id, name from campaigns
      where customer_group_id = g.id and user_id = g.user_id
      order by (status = 'active') desc, created_at desc, id
      limit 1
    ) c on true
    where g.user_id = ${userId}`;
}

function groupAnswer(row: GroupRow): ContactList {
  return {
    id: row.id,
    name: row.name,
    campaign_id: row.campaign_id,
    campaign_name: row.campaign_name,
    customer_count: row.customer_count,
    created: isoDate(row.created),
  };
}

const sortExpressions = {
  name: sql`lower(name)`,
  campaign_name: sql`lower(campaign_name)`,
  customer_count: sql`customer_count`,
  created: sql`created`,
} as const;

export async function listGroups(db: Queryable, userId: string, query: KeyedPage & GroupSort) {
  const filter = query.key ? sql` and g.name ilike ${containsPattern(query.key)}` : sql``;
  const order = query.order ?? (query.column === 'created' ? 'desc' : 'asc');
  const direction = order === 'asc' ? sql`asc` : sql`desc`;
  const [counted] = (
    await db.execute<{ total: number }>(
      sql`select count(*)::int as total from groups g where g.user_id = ${userId}${filter}`,
    )
  ).rows;
  const result = await db.execute<GroupRow>(sql`
    select * from (${groupsOf(userId)}${filter}) listed
    order by ${sortExpressions[query.column]} ${direction} nulls last, created desc, id
    limit ${query.count} offset ${offsetOf(query)}`);
  const total = counted?.total ?? 0;
  return { groups: result.rows.map(groupAnswer), ...pageFields(query, total) };
}

export async function readGroup(db: Queryable, userId: string, id: string): Promise<ContactList> {
  if (!isId(id)) throw notFound(listNotFound);
  const [row] = (await db.execute<GroupRow>(sql`${groupsOf(userId)} and g.id = ${id}`)).rows;
  if (!row) throw notFound(listNotFound);
  return groupAnswer(row);
}

export async function requireOwnGroup(db: Queryable, userId: string, id: string): Promise<void> {
  if (!isId(id)) throw notFound(listNotFound);
  const [found] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.id, id), eq(groups.userId, userId)));
  if (!found) throw notFound(listNotFound);
}

export async function isNameTaken(
  db: Queryable,
  userId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const [found] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(
      and(
        eq(groups.userId, userId),
        sql`lower(${groups.name}) = lower(${name})`,
        exceptId ? sql`${groups.id} <> ${exceptId}` : undefined,
      ),
    );
  return found !== undefined;
}

// Adds the contacts to the list; returns how many were not on it yet.
export async function addToGroup(
  db: Queryable,
  userId: string,
  groupId: string,
  customerIds: string[],
): Promise<number> {
  if (customerIds.length === 0) return 0;
  const added = await db
    .insert(groupCustomers)
    .values(customerIds.map((customerId) => ({ groupId, customerId, userId })))
    .onConflictDoNothing()
    .returning({ id: groupCustomers.customerId });
  return added.length;
}

function nameInUse(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict(contactMessages.nameInUse);
  throw error;
}

export async function createGroup(
  db: Db,
  userId: string,
  name: string,
  customerIds: string[],
): Promise<ContactList> {
  const id = await db
    .transaction(async (tx) => {
      const owned = await requireOwnCustomers(tx, userId, customerIds);
      if (await isNameTaken(tx, userId, name)) throw conflict(contactMessages.nameInUse);
      const [group] = await tx.insert(groups).values({ userId, name }).returning({ id: groups.id });
      if (!group) throw new Error('insert returned nothing');
      await addToGroup(tx, userId, group.id, owned);
      return group.id;
    })
    .catch(nameInUse);
  return readGroup(db, userId, id);
}

export async function renameGroup(
  db: Db,
  userId: string,
  id: string,
  name: string,
): Promise<ContactList> {
  await requireOwnGroup(db, userId, id);
  if (await isNameTaken(db, userId, name, id)) throw conflict(contactMessages.nameInUse);
  await db
    .update(groups)
    .set({ name })
    .where(and(eq(groups.id, id), eq(groups.userId, userId)))
    .catch(nameInUse);
  return readGroup(db, userId, id);
}

async function removeFromGroup(
  db: Queryable,
  groupId: string,
  customerIds: string[],
): Promise<void> {
  if (customerIds.length === 0) return;
  await db
    .delete(groupCustomers)
    .where(
      and(
        eq(groupCustomers.groupId, groupId),
        sql`${groupCustomers.customerId} = any(${sql.param(customerIds)}::uuid[])`,
      ),
    );
}

// The active campaigns that send to a list, oldest first. Campaigns answers it (its table
// references lists, not the other way); app.ts passes it in.
export type ActiveCampaignsOfList = (
  db: Queryable,
  userId: string,
  groupId: string,
) => Promise<{ id: string; name: string }[]>;

// A list an active campaign sends to is kept: the answer names those campaigns.
export async function deleteGroup(
  db: Db,
  activeCampaignsOf: ActiveCampaignsOfList,
  userId: string,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!isId(id)) throw notFound(listNotFound);
    const [group] = await tx
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.id, id), eq(groups.userId, userId)))
      .for('update');
    if (!group) throw notFound(listNotFound);
    const active = await activeCampaignsOf(tx, userId, id);
    if (active.length > 0) throw new ActiveCampaignError(active);
    await tx.delete(groups).where(eq(groups.id, id));
  });
}

export class ActiveCampaignError extends HttpError {
  readonly campaigns: { id: string; name: string }[];

  constructor(found: { id: string; name: string }[]) {
    super(409, contactMessages.activeCampaignDetected);
    this.campaigns = found;
  }
}

// One page of the list's contacts, in the order they joined it; `key` matches the e-mail or
// either name.
async function listGroupCustomers(
  db: Queryable,
  userId: string,
  groupId: string,
  query: KeyedPage,
) {
  const pattern = query.key ? containsPattern(query.key) : undefined;
  const filter = pattern
    ? sql` and (c.email ilike ${pattern} or c.fname ilike ${pattern} or c.lname ilike ${pattern}
        or (c.fname || ' ' || c.lname) ilike ${pattern})`
    : sql``;
  const from = sql`from group_customers gc join customers c on c.id = gc.customer_id
    where gc.group_id = ${groupId} and gc.user_id = ${userId} and c.user_id = ${userId}${filter}`;
  const [counted] = (
    await db.execute<{ total: number }>(sql`select count(*)::int as total ${from}`)
  ).rows;
  const page = await db.execute<{ id: string }>(sql`
    select c.id ${from} order by gc.created_at, lower(c.email)
    limit ${query.count} offset ${offsetOf(query)}`);
  // The list's campaign (the one groupsOf names) says whether risky addresses are sent; a list
  // without one is told as a new campaign would send it.
  const [campaign] = (
    await db.execute<{ include_risky: boolean }>(sql`
      select include_risky from campaigns
      where customer_group_id = ${groupId} and user_id = ${userId}
      order by (status = 'active') desc, created_at desc, id
      limit 1`)
  ).rows;
  return {
    customers: await readCustomers(
      db,
      userId,
      page.rows.map((row) => row.id),
      campaign?.include_risky ?? false,
    ),
    ...pageFields(query, counted?.total ?? 0),
  };
}

// One page of the contacts of one of the user's lists.
export async function groupCustomerPage(
  db: Queryable,
  userId: string,
  groupId: string,
  query: KeyedPage,
) {
  await requireOwnGroup(db, userId, groupId);
  return listGroupCustomers(db, userId, groupId, query);
}

// The list, the user's custom column names and one page of the list's contacts.
export async function readGroupExtended(
  db: Queryable,
  userId: string,
  groupId: string,
  query: PageQuery,
) {
  const group = await readGroup(db, userId, groupId);
  const page = await listGroupCustomers(db, userId, groupId, query);
  return { group, columns: await fieldNames(db, userId), ...page };
}

// Runs `change` on the user's list and contacts (404 unless all are theirs), in one transaction.
async function changeMembers<T>(
  db: Db,
  userId: string,
  groupId: string,
  customerIds: string[],
  change: (tx: Tx, ownIds: string[]) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await requireOwnGroup(tx, userId, groupId);
    return change(tx, await requireOwnCustomers(tx, userId, customerIds));
  });
}

// The list after adding or removing these contacts.
export async function addOrRemoveMembers(
  db: Db,
  userId: string,
  groupId: string,
  action: 'add' | 'remove',
  customerIds: string[],
): Promise<ContactList> {
  await changeMembers(db, userId, groupId, customerIds, async (tx, ids) => {
    if (action === 'add') await addToGroup(tx, userId, groupId, ids);
    else await removeFromGroup(tx, groupId, ids);
  });
  return readGroup(db, userId, groupId);
}

// Adds the contacts to the list; answers how many were not on it yet.
export function copyToGroup(
  db: Db,
  userId: string,
  groupId: string,
  customerIds: string[],
): Promise<number> {
  return changeMembers(db, userId, groupId, customerIds, (tx, ids) =>
    addToGroup(tx, userId, groupId, ids),
  );
}
