import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';

// For inbox sync: a reply whose In-Reply-To or References name one of our Message-IDs. The
// contact is marked as having replied and, when the campaign stops on reply, gets nothing more.
// Returns whether the Message-ID was ours.
export async function recordReply(db: Db, messageIds: string[], at: Date): Promise<boolean> {
  if (messageIds.length === 0) return false;
  const ids = sql.join(
    messageIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const updated = await db.execute<{ campaign_id: string }>(sql`
    with ours as (
      select s.campaign_id, s.customer_id from campaign_sends s
      where s.message_id in (${ids}) limit 1
    )
    update campaign_contacts cc set
      replied_at = coalesce(cc.replied_at, ${at}),
      state = case when c.stop_after_reply then 'stopped' else cc.state end,
      stop_reason = case when c.stop_after_reply then 'replied' else cc.stop_reason end
    from ours, campaigns c
    where cc.campaign_id = ours.campaign_id and cc.customer_id = ours.customer_id
      and c.id = ours.campaign_id
    returning cc.campaign_id`);
  return updated.rows.length > 0;
}
