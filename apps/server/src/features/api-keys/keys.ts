import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEYS_MAX,
  type ApiKey,
  type ApiKeyCreated,
  type ApiUsagePage,
  apiKeyMessages,
} from '@mailhound/contracts';
import { and, count, desc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import { type UserStatus, users } from '../../platform/account-schema.ts';
import type { Db } from '../../platform/database.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { isId, isoDate, offsetOf, type PageQuery } from '../../platform/paging.ts';
import { creditEntries } from '../credits/schema.ts';
import { apiKeys, apiUsage } from './schema.ts';

// 'mh_' and 32 random bytes in base64url: 256 bits, nothing to guess.
export function newApiKey(): string {
  return `mh_${randomBytes(32).toString('base64url')}`;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

// What the list shows so that keys can be told apart: 'mh_' and six characters.
const prefixLength = 9;

// The current period starts with the latest plan grant (the Free plan's monthly one or a paid
// period's, as Settings › Billing counts it); before any, with the month (UTC).
export async function currentPeriodStart(db: Db, userId: string, now: Date): Promise<Date> {
  const [row] = await db
    .select({ at: sql<Date | null>`max(${creditEntries.createdAt})` })
    .from(creditEntries)
    .where(
      and(
        eq(creditEntries.userId, userId),
        eq(creditEntries.kind, 'plan_grant'),
        sql`${creditEntries.idempotencyKey} like 'plan_grant:%'`,
      ),
    );
  return row?.at
    ? new Date(row.at)
    : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export async function listApiKeys(db: Db, userId: string, now: Date): Promise<ApiKey[]> {
  const since = await currentPeriodStart(db, userId, now);
  const rows = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      requests: count(apiUsage.id),
    })
    .from(apiKeys)
    .leftJoin(apiUsage, and(eq(apiUsage.keyId, apiKeys.id), gte(apiUsage.at, since)))
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .groupBy(apiKeys.id)
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created: isoDate(row.createdAt),
    last_used: row.lastUsedAt ? isoDate(row.lastUsedAt) : null,
    requests_this_period: row.requests,
  }));
}

// Makes a key and returns it this once; only its hash is stored. The user's row is locked so
// that parallel requests cannot pass the live-key limit together.
export async function createApiKey(
  db: Db,
  userId: string,
  name: string,
  now: Date,
): Promise<ApiKeyCreated> {
  const key = newApiKey();
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [live] = await tx
      .select({ count: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    if ((live?.count ?? 0) >= API_KEYS_MAX) throw conflict(apiKeyMessages.tooMany);
    const [created] = await tx
      .insert(apiKeys)
      .values({
        userId,
        name,
        keyHash: hashApiKey(key),
        prefix: key.slice(0, prefixLength),
        createdAt: now,
      })
      .returning({ id: apiKeys.id, createdAt: apiKeys.createdAt });
    if (!created) throw new Error('the new API key has no row');
    return created;
  });
  return {
    id: row.id,
    name,
    key,
    prefix: key.slice(0, prefixLength),
    created: isoDate(row.createdAt),
  };
}

// Revoking is at once: every `/v2` call looks its key up in the database, no process keeps one.
export async function revokeApiKey(db: Db, userId: string, id: string, now: Date): Promise<void> {
  if (!isId(id)) throw notFound(apiKeyMessages.notFound);
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (revoked.length === 0) throw notFound(apiKeyMessages.notFound);
}

// The calls of all the user's keys, revoked ones included, newest first.
export async function readApiUsagePage(
  db: Db,
  userId: string,
  query: PageQuery,
): Promise<ApiUsagePage> {
  const mine = eq(apiKeys.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        keyId: apiUsage.keyId,
        keyName: apiKeys.name,
        endpoint: apiUsage.endpoint,
        status: apiUsage.status,
        credits: apiUsage.credits,
        at: apiUsage.at,
      })
      .from(apiUsage)
      .innerJoin(apiKeys, eq(apiKeys.id, apiUsage.keyId))
      .where(mine)
      .orderBy(desc(apiUsage.at), desc(apiUsage.id))
      .limit(query.count)
      .offset(offsetOf(query)),
    db
      .select({ count: count() })
      .from(apiUsage)
      .innerJoin(apiKeys, eq(apiKeys.id, apiUsage.keyId))
      .where(mine),
  ]);
  return {
    rows: rows.map((row) => ({
      key_id: row.keyId,
      key_name: row.keyName,
      endpoint: row.endpoint,
      status: row.status,
      credits: row.credits,
      at: isoDate(row.at),
    })),
    total: total?.count ?? 0,
  };
}

export type KeyHolder = {
  keyId: string;
  user: { id: string; status: UserStatus };
};

// The live key's owner, or null for an unknown or revoked key: one indexed lookup per call.
export async function findKeyHolder(db: Db, key: string): Promise<KeyHolder | null> {
  const [row] = await db
    .select({ keyId: apiKeys.id, userId: users.id, status: users.status })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.revokedAt)));
  return row ? { keyId: row.keyId, user: { id: row.userId, status: row.status } } : null;
}

// A `/v2` call's trace: its usage row and the key's last use, at the database's time unless
// given.
export async function recordApiCall(
  db: Db,
  call: { keyId: string; endpoint: string; status: number; credits: number; at?: Date },
): Promise<number> {
  const [row] = await db
    .insert(apiUsage)
    .values({ ...call, at: call.at ?? sql`now()` })
    .returning({ id: apiUsage.id, at: apiUsage.at });
  if (!row) throw new Error('the usage row was not written');
  await db
    .update(apiKeys)
    .set({ lastUsedAt: row.at })
    .where(
      and(
        eq(apiKeys.id, call.keyId),
        or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, row.at)),
      ),
    );
  return row.id;
}

// How long usage rows are kept (the daily sweep of jobs.ts): longer than any period they count.
export const API_USAGE_KEPT_DAYS = 90;

export async function purgeOldApiUsage(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - API_USAGE_KEPT_DAYS * 24 * 60 * 60_000);
  await db.delete(apiUsage).where(lt(apiUsage.at, before));
}

// Credits a call took after it was answered (a verification that went on after its 202).
export async function addApiCallCredits(db: Db, usageId: number, credits: number): Promise<void> {
  await db
    .update(apiUsage)
    .set({ credits: sql`${apiUsage.credits} + ${credits}` })
    .where(eq(apiUsage.id, usageId));
}

// `/v2` calls of a user's keys since `since` (Hunter's account answer counts them).
export async function countApiCalls(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(apiUsage)
    .innerJoin(apiKeys, eq(apiKeys.id, apiUsage.keyId))
    .where(and(eq(apiKeys.userId, userId), gte(apiUsage.at, since)));
  return row?.count ?? 0;
}
