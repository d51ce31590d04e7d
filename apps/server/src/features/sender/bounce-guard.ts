import {
  BOUNCE_WINDOW,
  BOUNCE_WINDOW_MIN,
  bounceMessages,
  COMPLAINT_EARLY_COUNT,
  COMPLAINT_WINDOW,
  COMPLAINT_WINDOW_MIN,
  complaintMessages,
} from '@mailhound/contracts';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/database.ts';
import type { WebhookEvents } from '../../platform/webhook-events.ts';
import { pauseCampaign } from '../campaigns/index.ts';
import { campaigns } from '../campaigns/schema.ts';
import { mailboxes } from '../mailboxes/schema.ts';

// The last BOUNCE_WINDOW sends and how many bounced; the last COMPLAINT_WINDOW sends and how
// many drew a spam complaint (the Unibox sync's `complaint` unsubscribe of the send).
type Windows = {
  sends: number;
  bounced: number;
  complaintSends: number;
  complained: number;
};

// Above the threshold once the window holds enough sends (issue 25).
export function overThreshold(window: { sends: number; bounced: number }, threshold: number) {
  return window.sends >= BOUNCE_WINDOW_MIN && window.bounced * 100 > threshold * window.sends;
}

// Judged from COMPLAINT_WINDOW_MIN sends on, or once COMPLAINT_EARLY_COUNT complaints came
// (contracts' bounce-protection.ts says why). The threshold has one decimal: compared in
// whole tenths of a percent, so 0.3 % of 1,000 sends is 3 complaints exactly, never 3.0000001.
export function overComplaintThreshold(
  window: { sends: number; complained: number },
  threshold: number,
): boolean {
  const judged = window.sends >= COMPLAINT_WINDOW_MIN || window.complained >= COMPLAINT_EARLY_COUNT;
  return judged && window.complained * 1000 > Math.round(threshold * 10) * window.sends;
}

// The sends after `since` (null: all): those after the user last resumed the campaign or the
// stopped mailbox.
async function windowsOf(
  db: Queryable,
  column: 'campaign_id' | 'mailbox_id',
  id: string,
  since: Date | null,
): Promise<Windows> {
  // The campaign's window reads the index analytics use (campaign_sends_campaign_answered);
  // the mailbox's the one of its daily count (campaign_sends_mailbox_scheduled).
  const order =
    column === 'campaign_id' ? sql`coalesce(sent_at, sending_at, scheduled_at)` : sql`scheduled_at`;
  const after = since ? sql`and ${order} > ${since.toISOString()}::timestamptz` : sql``;
  const result = await db.execute<Windows>(sql`
    select count(*) filter (where n <= ${BOUNCE_WINDOW})::int as sends,
      count(*) filter (where n <= ${BOUNCE_WINDOW} and status = 'bounced')::int as bounced,
      count(*)::int as "complaintSends",
      count(*) filter (where complained)::int as complained
    from (select s.status, row_number() over (order by ${order} desc) as n,
            exists (select 1 from unsubscribes u
                    where u.send_id = s.id and u.source = 'complaint') as complained
          from campaign_sends s
          where ${sql.identifier(column)} = ${id} and status in ('sent', 'bounced') ${after}
          order by ${order} desc limit ${COMPLAINT_WINDOW}) last`);
  return result.rows[0] ?? { sends: 0, bounced: 0, complaintSends: 0, complained: 0 };
}

type Thresholds = { bounce: number; complaint: number };

// The reason to pause the campaign or the mailbox for, bounces first; null when neither rate
// is above its threshold.
function pauseReason(
  window: Windows,
  thresholds: Thresholds,
  what: 'campaignPaused' | 'mailboxPaused',
): string | null {
  if (overThreshold(window, thresholds.bounce)) {
    return bounceMessages[what](window.bounced, window.sends, thresholds.bounce);
  }
  const complaints = { sends: window.complaintSends, complained: window.complained };
  if (!overComplaintThreshold(complaints, thresholds.complaint)) return null;
  return complaintMessages[what](window.complained, window.complaintSends, thresholds.complaint);
}

// After a bounce or a spam complaint about a send: its campaign pauses itself when its bounce
// or complaint rate over the last sends is above its threshold, and its mailbox stops sending
// for every campaign (the tick and the sender take unstopped mailboxes only) when the mailbox's
// rate is, until the user resumes it. Called by the sender (an SMTP refusal) and the inbox
// sync (an RFC 3464 bounce report, an RFC 5965 complaint).
export async function guardSendRates(
  db: Queryable,
  send: { campaignId: string; mailboxId: string | null },
  events?: WebhookEvents,
): Promise<void> {
  // Two syncs can file complaints or bounces about one campaign at once, each in a transaction
  // that sees only its own: one at a time per campaign, the later one judges after the earlier
  // committed and counts both (held to the end of the caller's transaction).
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`send-guard:${send.campaignId}`}))`);
  const [campaign] = await db
    .select({
      status: campaigns.status,
      bounce: campaigns.bounceThreshold,
      complaint: campaigns.complaintThreshold,
      since: campaigns.guardedSince,
    })
    .from(campaigns)
    .where(eq(campaigns.id, send.campaignId));
  if (!campaign) return;
  if (campaign.status === 'active') {
    const window = await windowsOf(db, 'campaign_id', send.campaignId, campaign.since);
    const reason = pauseReason(window, campaign, 'campaignPaused');
    if (reason) await pauseCampaign(db, send.campaignId, reason, events);
  }
  if (!send.mailboxId) return;
  const [mailbox] = await db
    .select({ since: mailboxes.guardedSince })
    .from(mailboxes)
    .where(eq(mailboxes.id, send.mailboxId));
  const window = await windowsOf(db, 'mailbox_id', send.mailboxId, mailbox?.since ?? null);
  const reason = pauseReason(window, campaign, 'mailboxPaused');
  if (!reason) return;
  // Its connection is left as it is: the inbox sync and the Unibox go on from a stopped mailbox.
  await db
    .update(mailboxes)
    .set({ sendingStoppedAt: sql`now()`, sendingStoppedReason: reason })
    .where(and(eq(mailboxes.id, send.mailboxId), isNull(mailboxes.sendingStoppedAt)));
}

// Sends that go out at once (a worker's concurrent sends) may pass a window's minimum together.
const crossingSlack = 32;

// After a send went out. A good send never raises a rate the guard has judged: it joins the
// window and, once the window is full, pushes an older send out. It can only bring the window
// to its minimum, from 'too few sends to judge' to judged, with bounces or complaints that came
// before and were then too few: so the guard looks again only while the campaign's or the
// mailbox's sends are just past a minimum (two short index reads, at most 132 rows each).
export async function guardAtWindowStart(
  db: Queryable,
  send: { campaignId: string; mailboxId: string | null },
  events?: WebhookEvents,
): Promise<void> {
  const cap = COMPLAINT_WINDOW_MIN + crossingSlack;
  // Counted from where the windows start (guarded_since: the last resume).
  const sendsOf = (
    column: 'campaign_id' | 'mailbox_id',
    id: string | null,
    since: SQL,
    time: SQL,
  ) =>
    id === null
      ? sql`0`
      : sql`(select count(*)::int from (select 1 from campaign_sends
          where ${sql.identifier(column)} = ${id} and status in ('sent', 'bounced')
            and ${time} > coalesce((${since}), '-infinity')
          limit ${cap}) counted)`;
  const result = await db.execute<{ campaign: number; mailbox: number }>(
    sql`select ${sendsOf(
      'campaign_id',
      send.campaignId,
      sql`select guarded_since from campaigns where id = ${send.campaignId}`,
      sql`coalesce(sent_at, sending_at, scheduled_at)`,
    )} as campaign,
      ${sendsOf(
        'mailbox_id',
        send.mailboxId,
        sql`select guarded_since from mailboxes where id = ${send.mailboxId}`,
        sql`scheduled_at`,
      )} as mailbox`,
  );
  const counts = result.rows[0];
  const nearMinimum = (sends: number) =>
    [BOUNCE_WINDOW_MIN, COMPLAINT_WINDOW_MIN].some(
      (minimum) => sends >= minimum && sends < minimum + crossingSlack,
    );
  if (counts && (nearMinimum(counts.campaign) || nearMinimum(counts.mailbox)))
    await guardSendRates(db, send, events);
}
