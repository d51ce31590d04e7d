import { BOUNCE_WINDOW, BOUNCE_WINDOW_MIN, bounceMessages } from '@mailhound/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/database.ts';
import type { WebhookEvents } from '../../platform/webhook-events.ts';
import { pauseCampaign } from '../campaigns/index.ts';
import { campaigns } from '../campaigns/schema.ts';
import { mailboxes } from '../mailboxes/schema.ts';

type Window = { sends: number; bounced: number };

// Above the threshold once the window holds enough sends (issue 25).
export function overThreshold(window: Window, threshold: number): boolean {
  return window.sends >= BOUNCE_WINDOW_MIN && window.bounced * 100 > threshold * window.sends;
}

async function windowOf(db: Queryable, column: 'campaign_id' | 'mailbox_id', id: string) {
  // The campaign's window reads the index analytics use (campaign_sends_campaign_answered);
  // the mailbox's the one of its daily count (campaign_sends_mailbox_scheduled).
  const order =
    column === 'campaign_id' ? sql`coalesce(sent_at, sending_at, scheduled_at)` : sql`scheduled_at`;
  const result = await db.execute<Window>(sql`
    select count(*)::int as sends, count(*) filter (where status = 'bounced')::int as bounced
    from (select status from campaign_sends
          where ${sql.identifier(column)} = ${id} and status in ('sent', 'bounced')
          order by ${order} desc limit ${BOUNCE_WINDOW}) last`);
  return result.rows[0] ?? { sends: 0, bounced: 0 };
}

// After a bounce of a send: its campaign pauses itself when its bounce rate over the last
// sends is above its threshold, and its mailbox stops sending for every campaign (the tick
// takes active mailboxes only) when the mailbox's rate is, until the user saves its connection
// again. Called by the sender (an SMTP refusal) and the inbox sync (an RFC 3464 report).
export async function guardBounceRates(
  db: Queryable,
  send: { campaignId: string; mailboxId: string | null },
  events?: WebhookEvents,
): Promise<void> {
  const [campaign] = await db
    .select({ status: campaigns.status, threshold: campaigns.bounceThreshold })
    .from(campaigns)
    .where(eq(campaigns.id, send.campaignId));
  if (!campaign) return;
  const threshold = campaign.threshold;
  if (campaign.status === 'active') {
    const window = await windowOf(db, 'campaign_id', send.campaignId);
    if (overThreshold(window, threshold)) {
      await pauseCampaign(
        db,
        send.campaignId,
        bounceMessages.campaignPaused(window.bounced, window.sends, threshold),
        events,
      );
    }
  }
  if (!send.mailboxId) return;
  const window = await windowOf(db, 'mailbox_id', send.mailboxId);
  if (!overThreshold(window, threshold)) return;
  await db
    .update(mailboxes)
    .set({
      status: 'error',
      statusMessage: bounceMessages.mailboxPaused(window.bounced, window.sends, threshold),
    })
    .where(and(eq(mailboxes.id, send.mailboxId), eq(mailboxes.status, 'active')));
}
