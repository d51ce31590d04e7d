import { sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../platform/database.ts';
import { analyticsEvents } from './schema.ts';

export type NewAnalyticsEvent = {
  userId: string | null;
  guestId: string | null;
  name: string;
  properties: Record<string, unknown>;
  createdAt: Date;
};

export async function insertEvent(db: Queryable, event: NewAnalyticsEvent): Promise<void> {
  await db.insert(analyticsEvents).values(event);
}

// How long events are kept (the daily sweep of jobs.ts): anyone may write them.
export const EVENTS_KEPT_DAYS = 90;
const purgeBatch = 10_000;

// Deletes the events older than EVENTS_KEPT_DAYS, a batch per statement so that none runs
// long; answers how many.
export async function purgeOldEvents(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - EVENTS_KEPT_DAYS * 24 * 60 * 60_000);
  let deleted = 0;
  for (;;) {
    const result = await db.execute(sql`
      delete from analytics_events where id in (
        select id from analytics_events where created_at < ${before} limit ${purgeBatch})`);
    deleted += result.rowCount ?? 0;
    if ((result.rowCount ?? 0) < purgeBatch) return deleted;
  }
}
