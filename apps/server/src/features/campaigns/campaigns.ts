import {
  type CampaignAnswer,
  type CampaignCreatePayload,
  type CampaignMissingPart,
  type CampaignSettings,
  campaignMessages,
} from '@mailhound/contracts';
import { and, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../platform/database.ts';
import { conflict, HttpError, notFound } from '../../platform/errors.ts';
import {
  containsPattern,
  isId,
  isoDate,
  offsetOf,
  type PageQuery,
  pageFields,
} from '../../platform/paging.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import type { WebhookEvents } from '../../platform/webhook-events.ts';
import { groups } from '../contacts/schema.ts';
import { mailboxes } from '../mailboxes/schema.ts';
import type { CampaignUpdate } from './answers.ts';
import { unmailableContact } from './mailable.ts';
import { tellCampaignsPaused } from './paused-event.ts';
import { hasEnded } from './schedule-time.ts';
import { campaignMailboxes, campaigns } from './schema.ts';

export const campaignNotFound = 'Campaign not found';
export const campaignDeleted = 'The campaign was deleted.';
export const campaignNotReady = 'The campaign is not ready to start.';
export const listNotFound = 'List not found';
export const mailboxNotFound = 'Mailbox not found';

export type CampaignRow = typeof campaigns.$inferSelect;

export const campaignSortColumns = ['name', 'status', 'created'] as const;
export type CampaignSort = {
  column: (typeof campaignSortColumns)[number];
  order: 'asc' | 'desc';
};

// A 400 that also names what the campaign lacks (`missing`, packages/contracts/src/mail.ts).
export class NotReadyError extends HttpError {
  readonly missing: CampaignMissingPart[];

  constructor(missing: CampaignMissingPart[]) {
    super(400, campaignNotReady);
    this.missing = missing;
  }
}

type Extras = {
  groupName: Map<string, string>;
  mailboxIds: Map<string, string[]>;
  activeMailboxes: Map<string, MailboxCounts>;
  stats: Map<string, CampaignAnswer['stats']>;
  nothingLeft: Set<string>;
};

// A campaign's assigned mailboxes whose connection works (active), and of those the ones whose
// sending bounce or complaint protection has not paused (sending).
type MailboxCounts = { active: number; sending: number };
const noMailboxes: MailboxCounts = { active: 0, sending: 0 };

// product-spec §5: ready with a customer group, schedules, steps and an active mailbox; one
// whose sending is paused sends nothing, so the campaign names that rather than a mailbox.
export function missingParts(
  row: Pick<CampaignRow, 'customerGroupId' | 'schedules' | 'steps'>,
  mailboxCounts: MailboxCounts,
): CampaignMissingPart[] {
  const missing: CampaignMissingPart[] = [];
  if (!row.customerGroupId) missing.push('contacts');
  if (row.schedules.length === 0) missing.push('schedule');
  if (row.steps.length === 0) missing.push('sequences');
  if (mailboxCounts.active === 0) missing.push('mailbox');
  else if (mailboxCounts.sending === 0) missing.push('mailbox_paused');
  return missing;
}

async function extrasFor(db: Queryable, rows: CampaignRow[]): Promise<Extras> {
  const ids = rows.map((row) => row.id);
  const groupIds = rows.flatMap((row) => (row.customerGroupId ? [row.customerGroupId] : []));
  const extras: Extras = {
    groupName: new Map(),
    mailboxIds: new Map(),
    activeMailboxes: new Map(),
    stats: new Map(),
    nothingLeft: new Set(),
  };
  if (ids.length === 0) return extras;
  if (groupIds.length > 0) {
    const named = await db
      .select({ id: groups.id, name: groups.name })
      .from(groups)
      .where(inArray(groups.id, groupIds));
    for (const group of named) extras.groupName.set(group.id, group.name);
  }
  const assigned = await db
    .select({
      campaignId: campaignMailboxes.campaignId,
      mailboxId: campaignMailboxes.mailboxId,
      status: mailboxes.status,
      stopped: sql<boolean>`${mailboxes.sendingStoppedAt} is not null`,
    })
    .from(campaignMailboxes)
    .innerJoin(mailboxes, eq(mailboxes.id, campaignMailboxes.mailboxId))
    .where(inArray(campaignMailboxes.campaignId, ids))
    .orderBy(mailboxes.createdAt, mailboxes.id);
  for (const row of assigned) {
    extras.mailboxIds.set(row.campaignId, [
      ...(extras.mailboxIds.get(row.campaignId) ?? []),
      row.mailboxId,
    ]);
    if (row.status === 'active') {
      const counts = extras.activeMailboxes.get(row.campaignId) ?? noMailboxes;
      extras.activeMailboxes.set(row.campaignId, {
        active: counts.active + 1,
        sending: counts.sending + (row.stopped ? 0 : 1),
      });
    }
  }
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const counted = await db.execute<{
    id: string;
    sent: number;
    bounced: number;
    replied: number;
    unsubscribed: number;
  }>(sql`
    select c.id,
      (select count(*)::int from campaign_sends s where s.campaign_id = c.id and s.status = 'sent') as sent,
      (select count(*)::int from campaign_sends s where s.campaign_id = c.id and s.status = 'bounced') as bounced,
      (select count(*)::int from campaign_contacts cc where cc.campaign_id = c.id and cc.replied_at is not null) as replied,
      (select count(distinct u.customer_id)::int from unsubscribes u where u.campaign_id = c.id) as unsubscribed
    from campaigns c where c.id in (${idList})`);
  for (const row of counted.rows) {
    extras.stats.set(row.id, {
      sent: row.sent,
      replied: row.replied,
      bounced: row.bounced,
      unsubscribed: row.unsubscribed,
    });
  }
  for (const id of await campaignsWithNothingLeft(db, idList)) extras.nothingLeft.add(id);
  return extras;
}

// The campaigns whose list has contacts, none of whom the sender would write to again (the
// tick's rules, sender/tick.ts): not yet in the campaign, a send on its way ('waiting'), or a
// step to come ('ready', unless they replied and the campaign stops after a reply), each when
// neither unsubscribed nor unmailable.
async function campaignsWithNothingLeft(db: Queryable, idList: SQL): Promise<string[]> {
  const found = await db.execute<{ id: string }>(sql`
    select c.id from campaigns c
    where c.id in (${idList})
      and exists (select 1 from group_customers gc where gc.group_id = c.customer_group_id)
      and not exists (
        select 1 from group_customers gc
        join customers b on b.id = gc.customer_id
        left join campaign_contacts cc on cc.campaign_id = c.id and cc.customer_id = gc.customer_id
        where gc.group_id = c.customer_group_id
          and (cc.customer_id is null or cc.state = 'waiting'
            or (cc.state = 'ready' and cc.last_step + 1 < jsonb_array_length(c.steps)
              and (cc.replied_at is null or not c.stop_after_reply)))
          and not exists (select 1 from unsubscribes u where u.customer_id = gc.customer_id)
          and not ${unmailableContact(sql`c.include_risky`)})`);
  return found.rows.map((row) => row.id);
}

function answerOf(row: CampaignRow, extras: Extras, now: Date): CampaignAnswer {
  const missing = missingParts(row, extras.activeMailboxes.get(row.id) ?? noMailboxes);
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    paused_reason: row.status === 'paused' ? row.pausedReason : null,
    customer_group_id: row.customerGroupId,
    customer_group_name: row.customerGroupId
      ? (extras.groupName.get(row.customerGroupId) ?? null)
      : null,
    schedules: row.schedules,
    steps: row.steps,
    mailbox_ids: extras.mailboxIds.get(row.id) ?? [],
    settings: {
      stop_after_reply: row.stopAfterReply,
      track_email: row.trackEmail,
      link_tracking: row.linkTracking,
      send_as_text: row.sendAsText,
      emails_limit: row.emailsLimit,
      min_email_gap: row.minEmailGap,
      max_email_gap: row.maxEmailGap,
      max_new_leads: row.maxNewLeads,
      new_leads_first: row.newLeadsFirst,
      bounce_threshold: row.bounceThreshold,
      include_risky: row.includeRisky,
      complaint_threshold: row.complaintThreshold,
    },
    ready: missing.length === 0,
    missing,
    ended: hasEnded(row.schedules, now),
    nothing_left: extras.nothingLeft.has(row.id),
    created: isoDate(row.createdAt),
    stats: extras.stats.get(row.id) ?? { sent: 0, replied: 0, bounced: 0, unsubscribed: 0 },
  };
}

export async function campaignAnswers(
  db: Queryable,
  rows: CampaignRow[],
  now: Date,
): Promise<CampaignAnswer[]> {
  const extras = await extrasFor(db, rows);
  return rows.map((row) => answerOf(row, extras, now));
}

export async function campaignAnswer(db: Queryable, row: CampaignRow, now: Date) {
  const [answer] = await campaignAnswers(db, [row], now);
  if (!answer) throw new Error('no answer for a campaign row');
  return answer;
}

// With `lock`, the row stays locked until the transaction ends: a change that depends on the
// campaign's mailboxes takes turns with a mailbox deletion (which pauses a campaign it leaves
// without an active mailbox).
export async function findCampaign(
  db: Queryable,
  userId: string,
  id: string,
  options: { lock?: boolean } = {},
) {
  if (!isId(id)) throw notFound(campaignNotFound);
  const query = db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.userId, userId)));
  const [row] = options.lock ? await query.for('no key update') : await query;
  if (!row) throw notFound(campaignNotFound);
  return row;
}

function nameInUse(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict(campaignMessages.nameInUse);
  throw error;
}

const sortExpressions = {
  name: sql`lower(${campaigns.name})`,
  status: sql`${campaigns.status}`,
  created: sql`${campaigns.createdAt}`,
} as const;

export async function listCampaigns(
  db: Db,
  userId: string,
  query: PageQuery & CampaignSort & { key?: string | undefined },
  now: Date,
) {
  const where = and(
    eq(campaigns.userId, userId),
    query.key ? sql`${campaigns.name} ilike ${containsPattern(query.key)}` : undefined,
  );
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(campaigns)
    .where(where);
  const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
  const rows = await db
    .select()
    .from(campaigns)
    .where(where)
    .orderBy(
      sql`${sortExpressions[query.column]} ${direction}`,
      sql`${campaigns.createdAt} desc`,
      campaigns.id,
    )
    .limit(query.count)
    .offset(offsetOf(query));
  return {
    campaigns: await campaignAnswers(db, rows, now),
    ...pageFields(query, counted?.total ?? 0),
  };
}

// api-spec §4: a new campaign is always created paused, whatever status is asked.
export async function createCampaign(db: Db, userId: string, payload: CampaignCreatePayload) {
  const [row] = await db
    .insert(campaigns)
    .values({ userId, name: payload.name, status: 'paused' })
    .returning()
    .catch(nameInUse);
  if (!row) throw new Error('insert returned nothing');
  return row;
}

async function activeMailboxCounts(db: Queryable, campaignId: string): Promise<MailboxCounts> {
  const [counted] = await db
    .select({
      active: sql<number>`count(*)::int`,
      sending: sql<number>`(count(*) filter (where ${mailboxes.sendingStoppedAt} is null))::int`,
    })
    .from(campaignMailboxes)
    .innerJoin(mailboxes, eq(mailboxes.id, campaignMailboxes.mailboxId))
    .where(and(eq(campaignMailboxes.campaignId, campaignId), eq(mailboxes.status, 'active')));
  return counted ?? noMailboxes;
}

// A contact list has one campaign (product-spec §3: its campaign_id and campaign_name, which
// the contact lists derive from the campaigns that use it); another campaign's list is refused,
// naming the campaign the list shows.
async function refuseListOfAnother(
  db: Queryable,
  userId: string,
  campaignId: string,
  groupId: string,
): Promise<void> {
  const [other] = await db
    .select({ name: campaigns.name })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.customerGroupId, groupId),
        eq(campaigns.userId, userId),
        ne(campaigns.id, campaignId),
      ),
    )
    .orderBy(sql`(${campaigns.status} = 'active') desc`, desc(campaigns.createdAt), campaigns.id)
    .limit(1);
  if (other) throw conflict(campaignMessages.listInUse(other.name));
}

// When the campaign's latest send went out (sent or bounced), as its bounce window orders them.
async function latestSendTime(db: Queryable, id: string): Promise<Date | null> {
  const result = await db.execute<{ at: number | null }>(sql`
    select (extract(epoch from max(coalesce(sent_at, sending_at, scheduled_at))) * 1000)::float8
      as at
    from campaign_sends where campaign_id = ${id} and status in ('sent', 'bounced')`);
  const at = result.rows[0]?.at;
  return at === null || at === undefined ? null : new Date(at);
}

// Every change is checked first, then written at once: a refused start changes nothing.
export async function updateCampaign(
  db: Db,
  userId: string,
  id: string,
  update: CampaignUpdate,
  events?: WebhookEvents,
) {
  return db.transaction(async (tx) => {
    const current = await findCampaign(tx, userId, id, { lock: true });
    const values: Partial<typeof campaigns.$inferInsert> = { updatedAt: new Date() };
    if (update.name !== undefined) values.name = update.name;
    if (update.schedules !== undefined) values.schedules = update.schedules;
    if (update.steps !== undefined) values.steps = update.steps;
    if (update.status !== undefined) {
      values.status = update.status;
      // The user's own pause or resume: no automatic reason stands any more.
      values.pausedReason = null;
      // Resumed after it paused itself: protection judges the sends from here on.
      if (update.status === 'active' && current.status === 'paused' && current.pausedReason)
        values.guardedSince = await latestSendTime(tx, id);
    }
    if (update.customer_group_id !== undefined) {
      const groupId = update.customer_group_id;
      if (groupId !== null) {
        if (!isId(groupId)) throw notFound(listNotFound);
        // The lock makes two campaigns asking for the same list at once take turns.
        const [group] = await tx
          .select({ id: groups.id })
          .from(groups)
          .where(and(eq(groups.id, groupId), eq(groups.userId, userId)))
          .for('no key update');
        if (!group) throw notFound(listNotFound);
        if (groupId !== current.customerGroupId) await refuseListOfAnother(tx, userId, id, groupId);
      }
      values.customerGroupId = groupId;
    }
    if (update.status === 'active') {
      const next = { ...current, ...values } as CampaignRow;
      const missing = missingParts(next, await activeMailboxCounts(tx, id));
      if (missing.length > 0) throw new NotReadyError(missing);
    }
    const [row] = await tx
      .update(campaigns)
      .set(values)
      .where(and(eq(campaigns.id, id), eq(campaigns.userId, userId)))
      .returning()
      .catch(nameInUse);
    if (!row) throw notFound(campaignNotFound);
    if (current.status === 'active' && row.status === 'paused') {
      await tellCampaignsPaused(events, [row], 'manual', null, tx);
    }
    return row;
  });
}

export async function updateSettings(
  db: Db,
  userId: string,
  id: string,
  settings: CampaignSettings,
) {
  return db.transaction(async (tx) => {
    await findCampaign(tx, userId, id, { lock: true });
    const mailboxIds = [...new Set(settings.mailbox_ids)];
    if (mailboxIds.some((mailboxId) => !isId(mailboxId))) throw notFound(mailboxNotFound);
    const owned = await tx
      .select({ id: mailboxes.id })
      .from(mailboxes)
      .where(and(eq(mailboxes.userId, userId), inArray(mailboxes.id, mailboxIds)));
    if (owned.length !== mailboxIds.length) throw notFound(mailboxNotFound);
    await tx.delete(campaignMailboxes).where(eq(campaignMailboxes.campaignId, id));
    await tx
      .insert(campaignMailboxes)
      .values(mailboxIds.map((mailboxId) => ({ campaignId: id, mailboxId, userId })));
    const [row] = await tx
      .update(campaigns)
      .set({
        stopAfterReply: settings.stop_after_reply,
        trackEmail: settings.track_email,
        linkTracking: settings.link_tracking,
        sendAsText: settings.send_as_text,
        emailsLimit: settings.emails_limit,
        minEmailGap: settings.min_email_gap,
        maxEmailGap: settings.max_email_gap,
        maxNewLeads: settings.max_new_leads,
        newLeadsFirst: settings.new_leads_first,
        bounceThreshold: settings.bounce_threshold,
        includeRisky: settings.include_risky,
        complaintThreshold: settings.complaint_threshold,
        updatedAt: new Date(),
      })
      .where(eq(campaigns.id, id))
      .returning();
    if (!row) throw notFound(campaignNotFound);
    return row;
  });
}

export async function deleteCampaign(db: Db, userId: string, id: string): Promise<void> {
  if (!isId(id)) throw notFound(campaignNotFound);
  const deleted = await db
    .delete(campaigns)
    .where(and(eq(campaigns.id, id), eq(campaigns.userId, userId)))
    .returning({ id: campaigns.id });
  if (deleted.length === 0) throw notFound(campaignNotFound);
}
