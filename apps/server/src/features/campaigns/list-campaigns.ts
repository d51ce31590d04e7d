import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/database.ts';
import { campaigns } from './schema.ts';

// The user's active campaigns that send to the list, oldest first: they keep it from being
// deleted (contacts asks through the port app.ts gives it).
export async function activeCampaignsOfList(db: Queryable, userId: string, groupId: string) {
  return db
    .select({ id: campaigns.id, name: campaigns.name })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.userId, userId),
        eq(campaigns.customerGroupId, groupId),
        eq(campaigns.status, 'active'),
      ),
    )
    .orderBy(campaigns.createdAt);
}
