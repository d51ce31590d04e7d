import type { Queryable } from '../../platform/database.ts';
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
