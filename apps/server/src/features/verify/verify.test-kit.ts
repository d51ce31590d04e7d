import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { addressVerdicts } from './schema.ts';

// The user's latest verdict status on each address, by address.
export function latestStatuses(db: Db, userId: string) {
  return db
    .select({ email: addressVerdicts.email, status: sql<string>`verdict->>'status'` })
    .from(addressVerdicts)
    .where(eq(addressVerdicts.userId, userId))
    .orderBy(addressVerdicts.email);
}
