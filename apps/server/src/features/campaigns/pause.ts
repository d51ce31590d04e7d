import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/database.ts';
import type { WebhookEvents } from '../../platform/webhook-events.ts';
import { tellCampaignsPaused } from './paused-event.ts';
import { campaigns } from './schema.ts';

// The campaign pauses itself (bounce protection, issue 25), keeping the reason for its header,
// the campaign list and the Unibox. True when it was active and now is paused; the user's own
// pauses and resumes go through updateCampaign. The owner's webhooks hear `campaign.paused`
// (automatic, the reason as its detail) in the same transaction.
export async function pauseCampaign(
  db: Queryable,
  campaignId: string,
  reason: string,
  events?: WebhookEvents,
): Promise<boolean> {
  const paused = await db
    .update(campaigns)
    .set({ status: 'paused', pausedReason: reason, updatedAt: new Date() })
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, 'active')))
    .returning({ id: campaigns.id, name: campaigns.name, userId: campaigns.userId });
  await tellCampaignsPaused(events, paused, 'automatic', reason, db);
  return paused.length > 0;
}
