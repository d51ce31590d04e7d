import type { Queryable } from '../../platform/database.ts';
import type { WebhookEvents } from '../../platform/webhook-events.ts';

export type PausedCampaign = { id: string; name: string; userId: string };

// `campaign.paused` to the owner's webhooks (issue 23): 'manual' when the user paused it,
// 'automatic' when the server did, with `detail` saying why. Every pause that stops an active
// campaign calls this, in the transaction that writes the pause.
export async function tellCampaignsPaused(
  events: WebhookEvents | undefined,
  paused: PausedCampaign[],
  reason: 'manual' | 'automatic',
  detail: string | null,
  tx: Queryable,
): Promise<void> {
  if (!events) return;
  for (const campaign of paused) {
    await events.emit(
      campaign.userId,
      'campaign.paused',
      {
        campaign_id: campaign.id,
        name: campaign.name,
        reason,
        detail,
      },
      tx,
    );
  }
}
