import { rampedDailyLimit, stepVariants } from '@mailhound/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { newMessageId } from '../../platform/mail/message-id.ts';
import { type CampaignRow, unmailableContact } from '../campaigns/index.ts';
import {
  campaignOpenAt,
  decideSends,
  type EngineCampaign,
  type EngineContact,
  type EngineMailbox,
  type PlannedSend,
} from './decide-sends.ts';
import { assignVariants, slotKey, type VariantSlot } from './variants.ts';

export const TICK_MS = 60_000;
const DAY_MS = 86_400_000;
// Sends queued this long past their time have lost their job (a crash between the commit and
// the queueing): they are queued again; the claim makes a second job harmless.
const LOST_AFTER_MS = 2 * 60_000;

export type QueuedSend = { id: string; at: Date };

// variantCounts: how many A/B variants each step has.
type TickCampaign = EngineCampaign & {
  groupId: string;
  variantCounts: number[];
  includeRisky: boolean;
};
// The address is the domain of the Message-IDs its sends get.
type TickMailbox = EngineMailbox & { email: string };

// A PostgreSQL array literal of ids, numbers or booleans (a JS array would become a list of
// parameters).
const pgArray = (values: readonly (string | number | boolean)[]) => `{${values.join(',')}}`;
// The same for any text: each element quoted.
const pgTextArray = (values: readonly string[]) =>
  `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

async function loadCampaigns(db: Db, now: Date): Promise<TickCampaign[]> {
  const rows = await db.execute<{
    id: string;
    schedules: CampaignRow['schedules'];
    steps: CampaignRow['steps'];
    stop_after_reply: boolean;
    emails_limit: number;
    min_email_gap: number;
    max_email_gap: number;
    max_new_leads: number;
    new_leads_first: boolean;
    // Never null: the query leaves out campaigns without a list.
    customer_group_id: string;
    include_risky: boolean;
    mailbox_ids: string[];
  }>(sql`
    with active as (
      select c.id, c.schedules, c.steps, c.stop_after_reply, c.emails_limit, c.min_email_gap,
        c.max_email_gap, c.max_new_leads, c.new_leads_first, c.customer_group_id, c.include_risky
      from campaigns c
      where c.status = 'active' and c.customer_group_id is not null
        and jsonb_array_length(c.steps) > 0
    ), boxes as (
      -- One join for every campaign (a subquery per campaign read all mailboxes each time).
      select cm.campaign_id, array_agg(cm.mailbox_id order by m.created_at, m.id)::text[] as ids
      from campaign_mailboxes cm
      -- Connected, and not stopped by bounce or complaint protection.
      join mailboxes m on m.id = cm.mailbox_id and m.status = 'active'
        and m.sending_stopped_at is null
      where cm.campaign_id in (select id from active)
      group by cm.campaign_id
    )
    select active.*, coalesce(boxes.ids, '{}') as mailbox_ids
    from active left join boxes on boxes.campaign_id = active.id`);
  const campaigns: TickCampaign[] = [];
  for (const row of rows.rows) {
    const campaign: TickCampaign = {
      id: row.id,
      groupId: row.customer_group_id,
      variantCounts: row.steps.map((step) => stepVariants(step).length),
      includeRisky: row.include_risky,
      schedules: row.schedules,
      stepGaps: row.steps.map((step) => step.email_gap),
      stopAfterReply: row.stop_after_reply,
      emailsLimit: row.emails_limit,
      minEmailGap: row.min_email_gap,
      maxEmailGap: row.max_email_gap,
      maxNewLeads: row.max_new_leads,
      newLeadsFirst: row.new_leads_first,
      mailboxIds: row.mailbox_ids,
      newLeadsToday: 0,
      sentTodayByMailbox: {},
    };
    // Open now or within this tick.
    const open =
      campaignOpenAt(campaign, now) ||
      campaignOpenAt(campaign, new Date(now.getTime() + TICK_MS - 1));
    if (open && campaign.mailboxIds.length > 0) campaigns.push(campaign);
  }
  return campaigns;
}

async function loadMailboxes(db: Db, ids: string[], now: Date): Promise<TickMailbox[]> {
  if (ids.length === 0) return [];
  const since = new Date(now.getTime() - DAY_MS);
  const rows = await db.execute<{
    id: string;
    email: string;
    emails_limit: number;
    min_email_gap: number;
    max_email_gap: number;
    ramp_started_at: string | null;
    next_send_at: string | null;
    sent_today: number;
  }>(sql`
    select m.id, m.email, m.emails_limit, m.min_email_gap, m.max_email_gap, m.ramp_started_at,
      st.next_send_at,
      coalesce(sent.total, 0)::int as sent_today
    from mailboxes m
    left join mailbox_send_state st on st.mailbox_id = m.id
    left join (
      select s.mailbox_id, count(*) as total from campaign_sends s
      where s.mailbox_id = any(${pgArray(ids)}::uuid[]) and s.scheduled_at > ${since}
      group by s.mailbox_id
    ) sent on sent.mailbox_id = m.id
    where m.id = any(${pgArray(ids)}::uuid[])
    order by m.created_at, m.id`);
  const horizon = now.getTime() + TICK_MS;
  return rows.rows
    .map((row) => ({
      id: row.id,
      email: row.email,
      // A ramping mailbox's limit today (issue 25), under its own.
      emailsLimit: rampedDailyLimit(
        row.emails_limit,
        row.ramp_started_at ? new Date(row.ramp_started_at) : null,
        now,
      ),
      minEmailGap: row.min_email_gap,
      maxEmailGap: row.max_email_gap,
      sentToday: row.sent_today,
      nextSendAt: row.next_send_at ? new Date(row.next_send_at) : null,
    }))
    .filter(
      (mailbox) =>
        mailbox.sentToday < mailbox.emailsLimit && (mailbox.nextSendAt?.getTime() ?? 0) < horizon,
    );
}

async function loadCounts(db: Db, campaigns: EngineCampaign[], now: Date): Promise<void> {
  const since = new Date(now.getTime() - DAY_MS);
  const byId = new Map(campaigns.map((campaign) => [campaign.id, campaign]));
  const rows = await db.execute<{
    campaign_id: string;
    mailbox_id: string | null;
    total: number;
    first_steps: number;
  }>(sql`
    select campaign_id, mailbox_id, count(*)::int as total,
      count(*) filter (where step = 0)::int as first_steps
    from campaign_sends
    where campaign_id = any(${pgArray([...byId.keys()])}::uuid[]) and scheduled_at > ${since}
    group by campaign_id, mailbox_id`);
  for (const row of rows.rows) {
    const campaign = byId.get(row.campaign_id);
    if (!campaign) continue;
    campaign.newLeadsToday += row.first_steps;
    if (row.mailbox_id) campaign.sentTodayByMailbox[row.mailbox_id] = row.total;
  }
}

// Only as many contacts per campaign as its mailboxes could take this tick.
// A contact whose mailbox was deleted goes on from one of the campaign's mailboxes, the same
// one every tick (picked from its id) so that its planned steps do not hop between mailboxes.
function takeOver(usable: readonly EngineMailbox[], customerId: string): string {
  let hash = 0;
  for (const char of customerId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return (usable[hash % usable.length] as EngineMailbox).id;
}

// What loadContacts asks of one campaign.
type ContactQuery = { campaign: TickCampaign; usable: EngineMailbox[]; capacity: number };

function contactQuery(
  campaign: TickCampaign,
  mailboxById: ReadonlyMap<string, EngineMailbox>,
): ContactQuery | undefined {
  // Both lists are in the mailboxes' (created_at, id) order, so takeOver picks as before.
  const usable = campaign.mailboxIds.flatMap((id) => mailboxById.get(id) ?? []);
  if (usable.length === 0) return undefined;
  const capacity = usable.reduce((total, mailbox) => {
    const gap = Math.max(1, Math.max(campaign.minEmailGap, mailbox.minEmailGap));
    const perTick = Math.ceil(TICK_MS / 1000 / gap) + 1;
    return total + Math.min(perTick, mailbox.emailsLimit - mailbox.sentToday);
  }, 0);
  return { campaign, usable, capacity };
}

const unmailable = unmailableContact(sql`p.include_risky`);

// The follow-ups due and the new leads of every open campaign, in two statements (one per
// campaign cost a round trip each, 200 at 100 campaigns): each campaign's part is a lateral
// join over the campaigns passed as arrays, with its own limit. The contacts come back campaign
// by campaign, follow-ups first, in the order one statement per campaign gave them.
async function loadContacts(
  db: Db,
  campaigns: TickCampaign[],
  mailboxes: EngineMailbox[],
  now: Date,
): Promise<EngineContact[]> {
  const mailboxById = new Map(mailboxes.map((mailbox) => [mailbox.id, mailbox]));
  const queries = campaigns.flatMap((campaign) => contactQuery(campaign, mailboxById) ?? []);
  if (queries.length === 0) return [];
  const byId = new Map(queries.map((query) => [query.campaign.id, query]));
  const column = <T extends string | number | boolean>(pick: (query: ContactQuery) => T) =>
    pgArray(queries.map(pick));
  const perCampaign = sql`unnest(
      ${column((query) => query.campaign.id)}::uuid[],
      ${column((query) => query.campaign.groupId)}::uuid[],
      ${pgTextArray(queries.map((query) => pgArray(query.usable.map((mailbox) => mailbox.id))))}::text[],
      ${pgTextArray(queries.map((query) => pgArray(query.campaign.stepGaps)))}::text[],
      ${column((query) => query.capacity)}::int[],
      ${column((query) => query.campaign.stopAfterReply)}::boolean[],
      ${column((query) => query.campaign.includeRisky)}::boolean[]
    ) with ordinality
    as p(campaign_id, group_id, usable, gaps, capacity, stop_after_reply, include_risky, ord)`;
  const followUps = await db.execute<{
    campaign_id: string;
    customer_id: string;
    // null: the mailbox that wrote the earlier steps was deleted.
    mailbox_id: string | null;
    last_step: number;
    last_sent_at: string;
    replied_at: string | null;
  }>(sql`
    select p.campaign_id, f.customer_id, f.mailbox_id, f.last_step, f.last_sent_at, f.replied_at
    from ${perCampaign}
    cross join lateral (select p.usable::uuid[] as ids, p.gaps::int[] as days) k
    cross join lateral (
      select cc.customer_id, cc.mailbox_id, cc.last_step, cc.last_sent_at, cc.replied_at
      from campaign_contacts cc
      where cc.campaign_id = p.campaign_id and cc.state = 'ready'
        and cc.last_step + 1 < cardinality(k.days)
        and (cc.mailbox_id = any(k.ids) or cc.mailbox_id is null)
        and cc.last_sent_at + make_interval(days => k.days[cc.last_step + 2]) <= ${new Date(now.getTime() + TICK_MS)}
        and not exists (select 1 from unsubscribes u where u.customer_id = cc.customer_id)
        and not exists (select 1 from customers b where b.id = cc.customer_id and ${unmailable})
        and (cc.replied_at is null or not p.stop_after_reply)
        -- Taken off the campaign's list: no more steps, as when the whole list is taken away.
        and exists (select 1 from group_customers gc
                    where gc.group_id = p.group_id and gc.customer_id = cc.customer_id)
      order by cc.last_sent_at
      limit p.capacity
    ) f
    order by p.ord, f.last_sent_at`);
  const newLeads = await db.execute<{ campaign_id: string; customer_id: string }>(sql`
    select p.campaign_id, n.customer_id
    from ${perCampaign}
    cross join lateral (
      -- The list in order first (offset 0 keeps the planner from checking every member before
      -- it sorts), then the checks until the campaign has its fill.
      select gc.customer_id, gc.created_at
      from (select g.customer_id, g.created_at from group_customers g
            where g.group_id = p.group_id order by g.created_at, g.customer_id offset 0) gc
      -- Not yet in the campaign: one primary-key probe per member (a subquery the planner
      -- cannot turn into a join with all of the campaign's contacts, which it did when it
      -- misjudged how many a campaign has).
      where (select 1 from campaign_contacts cc
             where cc.campaign_id = p.campaign_id and cc.customer_id = gc.customer_id) is null
        and not exists (select 1 from unsubscribes u where u.customer_id = gc.customer_id)
        and not exists (select 1 from customers b where b.id = gc.customer_id and ${unmailable})
      order by gc.created_at, gc.customer_id
      limit p.capacity
    ) n
    order by p.ord, n.created_at, n.customer_id`);
  const contacts = new Map(queries.map((query) => [query.campaign.id, [] as EngineContact[]]));
  for (const row of followUps.rows) {
    const usable = byId.get(row.campaign_id)?.usable ?? [];
    contacts.get(row.campaign_id)?.push({
      campaignId: row.campaign_id,
      customerId: row.customer_id,
      lastStep: row.last_step,
      mailboxId: row.mailbox_id ?? takeOver(usable, row.customer_id),
      lastSentAt: new Date(row.last_sent_at),
      waiting: false,
      stop: row.replied_at ? ('replied' as const) : null,
    });
  }
  for (const row of newLeads.rows) {
    contacts.get(row.campaign_id)?.push({
      campaignId: row.campaign_id,
      customerId: row.customer_id,
      lastStep: -1,
      mailboxId: null,
      lastSentAt: null,
      waiting: false,
      stop: null,
    });
  }
  return [...contacts.values()].flat();
}

// One statement per table, the rows passed as arrays: 10,000 planned sends stay a few
// parameters. The Message-ID is fixed here, before any SMTP.
async function persist(
  db: Db,
  sends: PlannedSend[],
  variants: number[],
  nextSendAt: Map<string, Date>,
  emails: Map<string, string>,
) {
  const messageIds = sends.map((send) => newMessageId(emails.get(send.mailboxId) ?? ''));
  return db.transaction(async (tx) => {
    const column = <T extends string | number>(pick: (send: PlannedSend) => T) =>
      pgArray(sends.map(pick));
    const inserted =
      sends.length === 0
        ? { rows: [] }
        : await tx.execute<{ id: string; scheduled_at: string }>(sql`
      with planned as (
        select * from unnest(
          ${column((send) => send.campaignId)}::uuid[],
          ${column((send) => send.customerId)}::uuid[],
          ${column((send) => send.step)}::int[],
          ${column((send) => send.mailboxId)}::uuid[],
          ${column((send) => send.at.toISOString())}::timestamptz[],
          ${pgTextArray(messageIds)}::text[],
          ${pgArray(variants)}::int[]
        ) as p(campaign_id, customer_id, step, mailbox_id, scheduled_at, message_id, variant)
      ), inserted as (
        insert into campaign_sends
          (user_id, campaign_id, customer_id, step, mailbox_id, message_id, scheduled_at, variant)
        select m.user_id, p.campaign_id, p.customer_id, p.step, p.mailbox_id, p.message_id,
          p.scheduled_at, p.variant
        from planned p join mailboxes m on m.id = p.mailbox_id
        on conflict do nothing
        returning id, user_id, campaign_id, customer_id, step, mailbox_id, scheduled_at
      ), contacts as (
        insert into campaign_contacts (campaign_id, customer_id, user_id, mailbox_id, last_step, state)
        select campaign_id, customer_id, user_id, mailbox_id, step, 'waiting' from inserted
        on conflict (campaign_id, customer_id)
        do update set last_step = excluded.last_step, state = 'waiting',
          mailbox_id = excluded.mailbox_id
      )
      select id, scheduled_at from inserted`);
    if (nextSendAt.size > 0) {
      const entries = [...nextSendAt];
      await tx.execute(sql`
        insert into mailbox_send_state (mailbox_id, next_send_at)
        select * from unnest(
          ${pgArray(entries.map(([mailboxId]) => mailboxId))}::uuid[],
          ${pgArray(entries.map(([, at]) => at.toISOString()))}::timestamptz[]
        )
        on conflict (mailbox_id) do update set next_send_at = excluded.next_send_at`);
    }
    return inserted.rows.map((row) => ({ id: row.id, at: new Date(row.scheduled_at) }));
  });
}

// The variant of each planned send (see variants.ts), counting the sends each variant of those
// steps already has; steps with a single variant cost no query.
async function chooseVariants(
  db: Db,
  campaigns: TickCampaign[],
  sends: PlannedSend[],
): Promise<number[]> {
  const byId = new Map(campaigns.map((campaign) => [campaign.id, campaign]));
  const variantCount = (slot: VariantSlot) =>
    byId.get(slot.campaignId)?.variantCounts[slot.step] ?? 1;
  const split = [
    ...new Map(
      sends.filter((send) => variantCount(send) > 1).map((send) => [slotKey(send), send]),
    ).values(),
  ];
  const sentSoFar = new Map<string, number[]>();
  if (split.length > 0) {
    const rows = await db.execute<{
      campaign_id: string;
      step: number;
      variant: number;
      total: number;
    }>(sql`
      select s.campaign_id, s.step, s.variant, count(*)::int as total
      from campaign_sends s
      join unnest(
        ${pgArray(split.map((send) => send.campaignId))}::uuid[],
        ${pgArray(split.map((send) => send.step))}::int[]
      ) as slot(campaign_id, step) on slot.campaign_id = s.campaign_id and slot.step = s.step
      group by s.campaign_id, s.step, s.variant`);
    for (const row of rows.rows) {
      const key = slotKey({ campaignId: row.campaign_id, step: row.step });
      const counts = sentSoFar.get(key) ?? [];
      counts[row.variant] = row.total;
      sentSoFar.set(key, counts);
    }
  }
  return assignVariants(sends, variantCount, sentSoFar);
}

// One campaign tick: plans the next minute of sends of every open campaign and stores them as
// queued rows with their Message-IDs. Returns the rows to hand to send jobs, with the queued
// rows whose job was lost.
export async function runTick(db: Db, now: Date, random: () => number): Promise<QueuedSend[]> {
  const campaigns = await loadCampaigns(db, now);
  const lost = await db.execute<{ id: string; scheduled_at: string }>(sql`
    select id, scheduled_at from campaign_sends
    where status = 'queued' and scheduled_at < ${new Date(now.getTime() - LOST_AFTER_MS)}
    order by scheduled_at limit 1000`);
  const again = lost.rows.map((row) => ({ id: row.id, at: new Date(row.scheduled_at) }));
  if (campaigns.length === 0) return again;
  const mailboxIds = [...new Set(campaigns.flatMap((campaign) => campaign.mailboxIds))];
  const mailboxes = await loadMailboxes(db, mailboxIds, now);
  if (mailboxes.length === 0) return again;
  await loadCounts(db, campaigns, now);
  const contacts = await loadContacts(db, campaigns, mailboxes, now);
  const decision = decideSends({
    now,
    horizonMs: TICK_MS,
    campaigns,
    mailboxes,
    contacts,
    random,
  });
  const emails = new Map(mailboxes.map((mailbox) => [mailbox.id, mailbox.email]));
  const variants = await chooseVariants(db, campaigns, decision.sends);
  return [...(await persist(db, decision.sends, variants, decision.nextSendAt, emails)), ...again];
}
