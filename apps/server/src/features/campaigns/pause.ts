import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/database.ts';
import { campaigns } from './schema.ts';

// The campaign pauses itself (bounce protection, issue 25), keeping the reason for its header,
// the campaign list and the Unibox. True when it was active and now is paused; the user's own
// pauses and resumes go through updateCampaign.
export async function pauseCampaign(
  db: Queryable,
  campaignId: string,
  reason: string,
): Promise<boolean> {
  const paused = await db
    .update(campaigns)
    .set({ status: 'paused', pausedReason: reason, updatedAt: new Date() })
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, 'active')))
    .returning({ id: campaigns.id });
  return paused.length > 0;
}
