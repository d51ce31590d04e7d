import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Clock } from './clock.ts';
import type { Db } from './database.ts';
import { tooManyRequests } from './errors.ts';
import type { Jobs } from './jobs.ts';
import { rateLimitCounters } from './rate-limit-schema.ts';

// At most `max` hits per key in a window of `windowMs` that starts with the key's first hit.
// `refusal` opens the 429's message ('Too many uploads.'); the wait is added in words.
export type Limit = { bucket: string; max: number; windowMs: number; refusal: string };

export type RateLimiter = {
  // Counts one hit; a 429 (with Retry-After) once the key has had more than max.
  consume: (limit: Limit, key: string) => Promise<void>;
  // Counts one hit (a wrong password) without refusing it.
  record: (limit: Limit, key: string) => Promise<void>;
  // A 429 while the hits recorded reach max, counting nothing (checked before a password).
  ensureBelow: (limit: Limit, key: string) => Promise<void>;
  clear: (limit: Limit, key: string) => Promise<void>;
};

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `${Math.ceil(minutes / 60)} hours`;
}

function refuse(limit: Limit, expiresAt: Date, now: Date): never {
  const seconds = Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000));
  throw tooManyRequests(`${limit.refusal} Please try again in ${waitText(seconds)}.`, seconds);
}

// Counted in PostgreSQL, so a limit holds across every `mailhound api` process: one atomic
// upsert per hit, no read-then-write race.
export function createRateLimiter(deps: { db: Db; clock: Clock }): RateLimiter {
  const { db, clock } = deps;
  const counter = (limit: Limit, key: string) =>
    and(eq(rateLimitCounters.bucket, limit.bucket), eq(rateLimitCounters.key, key));

  const hit = async (limit: Limit, key: string) => {
    const now = clock.now();
    const expired = sql`${rateLimitCounters.expiresAt} <= ${now.toISOString()}::timestamptz`;
    const [row] = await db
      .insert(rateLimitCounters)
      .values({
        bucket: limit.bucket,
        key,
        hits: 1,
        expiresAt: new Date(now.getTime() + limit.windowMs),
      })
      .onConflictDoUpdate({
        target: [rateLimitCounters.bucket, rateLimitCounters.key],
        set: {
          hits: sql`case when ${expired} then 1 else ${rateLimitCounters.hits} + 1 end`,
          expiresAt: sql`case when ${expired} then excluded.expires_at else ${rateLimitCounters.expiresAt} end`,
        },
      })
      .returning({ hits: rateLimitCounters.hits, expiresAt: rateLimitCounters.expiresAt });
    if (!row) throw new Error(`rate limit ${limit.bucket}: the upsert returned no row`);
    return { ...row, now };
  };

  return {
    consume: async (limit, key) => {
      const { hits, expiresAt, now } = await hit(limit, key);
      if (hits > limit.max) refuse(limit, expiresAt, now);
    },
    record: async (limit, key) => {
      await hit(limit, key);
    },
    ensureBelow: async (limit, key) => {
      const now = clock.now();
      const [row] = await db
        .select({ hits: rateLimitCounters.hits, expiresAt: rateLimitCounters.expiresAt })
        .from(rateLimitCounters)
        .where(and(counter(limit, key), gt(rateLimitCounters.expiresAt, now)));
      if (row && row.hits >= limit.max) refuse(limit, row.expiresAt, now);
    },
    clear: async (limit, key) => {
      await db.delete(rateLimitCounters).where(counter(limit, key));
    },
  };
}

// A route's limit, keyed by what the request says (its user, its client address).
export function rateLimited(
  limiter: RateLimiter,
  limit: Limit,
  keyOf: (request: Parameters<preHandlerAsyncHookHandler>[0]) => string,
): preHandlerAsyncHookHandler {
  return async (request) => limiter.consume(limit, keyOf(request));
}

export async function purgeExpiredCounters(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(lte(rateLimitCounters.expiresAt, now));
}

export const rateLimitCleanupQueue = 'rate-limit-cleanup';

// Windows are minutes to an hour long; an hourly sweep keeps the table small.
export function defineRateLimitJobs(jobs: Jobs, deps: { db: Db; clock: Clock }): void {
  jobs.define({
    name: rateLimitCleanupQueue,
    cron: '23 * * * *',
    queue: { retryLimit: 1 },
    handler: () => purgeExpiredCounters(deps.db, deps.clock.now()),
  });
}
