import type { MailboxCampaign } from '@mailhound/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/database.ts';
import type { WebhookEvents } from '../../platform/webhook-events.ts';
import { tellCampaignsPaused } from './paused-event.ts';
import { campaignMailboxes, campaigns } from './schema.ts';

// Whether the campaign has no active assigned mailbox other than `mailboxId`
// (product-spec §4: a campaign is ready only with at least one). The outer table is named in
// full: an update renders its columns unqualified, which the subquery would take as its own.
function noActiveMailboxBesides(mailboxId: string) {
  return sql<boolean>`not exists (
    select 1 from campaign_mailboxes cm join mailboxes m on m.id = cm.mailbox_id
    where cm.campaign_id = campaigns.id and m.status = 'active' and m.sending_stopped_at is null
      and m.id <> ${mailboxId})`;
}

// The user's campaigns that send from the mailbox, by name. With `lock`, their rows are locked
// as starting a campaign or changing its mailboxes locks them, so that a deletion and such a
// change (or two deletions) take turns.
export async function campaignsUsingMailbox(
  db: Queryable,
  userId: string,
  mailboxId: string,
  options: { lock?: boolean } = {},
): Promise<MailboxCampaign[]> {
  const query = db
    .select({
      id: campaigns.id,
      name: campaigns.name,
      status: campaigns.status,
      left_without_mailbox: noActiveMailboxBesides(mailboxId),
    })
    .from(campaigns)
    .innerJoin(
      campaignMailboxes,
      and(
        eq(campaignMailboxes.campaignId, campaigns.id),
        eq(campaignMailboxes.mailboxId, mailboxId),
      ),
    )
    .where(eq(campaigns.userId, userId))
    .orderBy(sql`lower(${campaigns.name})`, campaigns.id);
  return options.lock ? query.for('no key update', { of: campaigns }) : query;
}

// A campaign whose last active mailbox was deleted is paused rather than left active while
// the sender skips it.
export async function pauseCampaignsWithoutMailbox(
  db: Queryable,
  campaignIds: string[],
  deletedMailboxId: string,
  events?: WebhookEvents,
): Promise<void> {
  if (campaignIds.length === 0) return;
  const paused = await db
    .update(campaigns)
    .set({ status: 'paused', updatedAt: new Date() })
    .where(
      and(
        inArray(campaigns.id, campaignIds),
        eq(campaigns.status, 'active'),
        noActiveMailboxBesides(deletedMailboxId),
      ),
    )
    .returning({ id: campaigns.id, name: campaigns.name, userId: campaigns.userId });
  await tellCampaignsPaused(
    events,
    paused,
    'automatic',
    'Its last active mailbox was deleted.',
    db,
  );
}
