import type {
  CampaignStep,
  ThreadDetail,
  ThreadMessage,
  ThreadPage,
  ThreadSummary,
  threadListQuerySchema,
} from '@mailhound/contracts';
import { stepVariant } from '@mailhound/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../platform/database.ts';
import { notFound } from '../../platform/errors.ts';
import type { LinkTokens } from '../../platform/link-tokens.ts';
import { containsPattern, isId, isoDate, offsetOf, pageFields } from '../../platform/paging.ts';
import { composeMail } from '../sender/index.ts';
import type { StoredAddress, StoredBounce, StoredThreadStatus } from './schema.ts';

export const threadNotFound = 'Conversation not found';

export type ListQuery = z.output<typeof threadListQuerySchema>;

type SummaryRow = {
  id: string;
  subject: string;
  snippet: string;
  status: StoredThreadStatus;
  unread: boolean;
  message_count: number;
  last_message_at: string | Date;
  customer_id: string;
  lead_email: string;
  fname: string;
  lname: string;
  campaign_id: string | null;
  campaign_name: string | null;
  mailbox_id: string | null;
  mailbox_email: string | null;
  mailbox_name: string | null;
  mailbox_status: 'active' | 'error' | null;
  mailbox_status_message: string | null;
  steps_sent: number;
};

// The campaign's steps that went out to the lead count as messages of the conversation.
const summarySelect = sql`
  select t.id, t.subject, t.snippet, t.status, t.unread, t.message_count, t.last_message_at,
    c.id as customer_id, c.email as lead_email, c.fname, c.lname,
    cp.id as campaign_id, cp.name as campaign_name,
    m.id as mailbox_id, m.email as mailbox_email, m.name as mailbox_name,
    m.status as mailbox_status, m.status_message as mailbox_status_message,
    (select count(*) from campaign_sends s
     where s.campaign_id = t.campaign_id and s.customer_id = t.customer_id
       and s.sent_at is not null)::int as steps_sent
  from inbox_threads t
  join customers c on c.id = t.customer_id
  left join campaigns cp on cp.id = t.campaign_id
  left join mailboxes m on m.id = t.mailbox_id`;

const fullName = (fname: string, lname: string) => `${fname} ${lname}`.trim();

function summaryOf(row: SummaryRow): ThreadSummary {
  return {
    id: row.id,
    subject: row.subject,
    snippet: row.snippet,
    lead: {
      email: row.lead_email,
      name: fullName(row.fname, row.lname),
      customer_id: row.customer_id,
    },
    campaign:
      row.campaign_id && row.campaign_name !== null
        ? { id: row.campaign_id, name: row.campaign_name }
        : null,
    mailbox: row.mailbox_id
      ? {
          id: row.mailbox_id,
          email: row.mailbox_email ?? '',
          name: row.mailbox_name ?? '',
          status: row.mailbox_status ?? 'error',
          status_message: row.mailbox_status_message,
        }
      : null,
    status: row.status,
    unread: row.unread,
    message_count: row.message_count + row.steps_sent,
    last_message_at: isoDate(row.last_message_at),
  };
}

export async function readThreadSummary(
  db: Queryable,
  userId: string,
  threadId: string,
): Promise<ThreadSummary> {
  if (!isId(threadId)) throw notFound(threadNotFound);
  const rows = await db.execute<SummaryRow>(
    sql`${summarySelect} where t.id = ${threadId} and t.user_id = ${userId}`,
  );
  const row = rows.rows[0];
  if (!row) throw notFound(threadNotFound);
  return summaryOf(row);
}

// One page of the user's threads, newest message first, with every filter of the Unibox.
export async function listThreads(
  db: Queryable,
  userId: string,
  query: ListQuery,
): Promise<ThreadPage> {
  const filters: SQL[] = [sql`t.user_id = ${userId}`];
  // An id that is not a UUID names nothing the user owns: an empty page, as for another's.
  if (query.campaign_id !== undefined) {
    filters.push(isId(query.campaign_id) ? sql`t.campaign_id = ${query.campaign_id}` : sql`false`);
  }
  if (query.mailbox_id !== undefined) {
    filters.push(isId(query.mailbox_id) ? sql`t.mailbox_id = ${query.mailbox_id}` : sql`false`);
  }
  if (query.status) filters.push(sql`t.status = ${query.status}`);
  if (query.unread) filters.push(sql`t.unread = ${query.unread === 'true'}`);
  if (query.key) {
    const pattern = containsPattern(query.key);
    filters.push(sql`(c.email ilike ${pattern} or (c.fname || ' ' || c.lname) ilike ${pattern}
      or t.subject ilike ${pattern})`);
  }
  const where = sql.join(filters, sql` and `);
  const [rows, total, unread] = await Promise.all([
    db.execute<SummaryRow>(sql`${summarySelect} where ${where}
      order by t.last_message_at desc, t.id desc
      limit ${query.count} offset ${offsetOf(query)}`),
    db.execute<{ total: number }>(sql`select count(*)::int as total from inbox_threads t
      join customers c on c.id = t.customer_id where ${where}`),
    db.execute<{ total: number }>(sql`select count(*)::int as total from inbox_threads t
      where t.user_id = ${userId} and t.unread`),
  ]);
  return {
    threads: rows.rows.map(summaryOf),
    ...pageFields(query, total.rows[0]?.total ?? 0),
    unread_count: unread.rows[0]?.total ?? 0,
  };
}

export async function setUnread(
  db: Queryable,
  userId: string,
  threadId: string,
  unread: boolean,
): Promise<ThreadSummary> {
  if (!isId(threadId)) throw notFound(threadNotFound);
  await db.execute(
    sql`update inbox_threads set unread = ${unread} where id = ${threadId} and user_id = ${userId}`,
  );
  return readThreadSummary(db, userId, threadId);
}

type SendRow = {
  id: string;
  step: number;
  variant: number;
  message_id: string;
  sent_at: string | Date;
  mailbox_email: string | null;
  mailbox_name: string | null;
};

type StoredRow = {
  id: string;
  kind: 'reply' | 'auto_reply' | 'bounce' | 'sent';
  from_email: string;
  from_name: string;
  to: StoredAddress[];
  cc: StoredAddress[];
  subject: string;
  text: string;
  quoted_text: string | null;
  bounce: StoredBounce | null;
  received_at: string | Date;
  step: number | null;
};

type ThreadContext = {
  campaign_id: string | null;
  customer_id: string;
  email: string;
  fname: string;
  lname: string;
  steps: CampaignStep[] | null;
  send_as_text: boolean | null;
};

export type RenderDeps = { tokens: LinkTokens; publicUrl: string };

// The campaign e-mails the lead got, rendered again as the sender composed them (links shown
// as their destinations).
async function campaignMessages(
  db: Queryable,
  deps: RenderDeps,
  context: ThreadContext,
): Promise<ThreadMessage[]> {
  if (!context.campaign_id || !context.steps) return [];
  const sends = await db.execute<SendRow>(sql`
    select s.id, s.step, s.variant, s.message_id, s.sent_at, m.email as mailbox_email, m.name as mailbox_name
    from campaign_sends s left join mailboxes m on m.id = s.mailbox_id
    where s.campaign_id = ${context.campaign_id} and s.customer_id = ${context.customer_id}
      and s.sent_at is not null
    order by s.step`);
  const steps = context.steps;
  const first = steps[0];
  // The A/B variants this contact got (issue 25), the first step's for a follow-up's subject.
  const firstVariant = sends.rows.find((send) => send.step === 0)?.variant ?? 0;
  const messages: ThreadMessage[] = [];
  const earlier: string[] = [];
  for (const send of sends.rows) {
    const step = steps[send.step];
    if (!step || !first) continue;
    const from = { email: send.mailbox_email ?? '', name: send.mailbox_name ?? '' };
    const mail = composeMail({
      publicUrl: deps.publicUrl,
      tokens: deps.tokens,
      sendId: send.id,
      messageId: send.message_id,
      from,
      to: { email: context.email, fname: context.fname, lname: context.lname },
      step: stepVariant(step, send.variant),
      firstSubject: stepVariant(first, firstVariant).subject,
      earlier: [...earlier],
      sendAsText: context.send_as_text ?? false,
      // Shown to the user, not sent: each link as its destination, not its tracking redirect.
      linkTracking: false,
    });
    earlier.push(send.message_id);
    messages.push({
      id: send.id,
      direction: 'out',
      kind: 'campaign',
      from,
      to: [{ email: context.email, name: fullName(context.fname, context.lname) }],
      cc: [],
      subject: mail.subject,
      text: mail.text,
      quoted_text: null,
      date: isoDate(send.sent_at),
      step: send.step + 1,
      bounce: null,
    });
  }
  return messages;
}

function storedMessage(row: StoredRow): ThreadMessage {
  return {
    id: row.id,
    direction: row.kind === 'sent' ? 'out' : 'in',
    kind: row.kind,
    from: { email: row.from_email, name: row.from_name },
    to: row.to,
    cc: row.cc,
    subject: row.subject,
    text: row.text,
    quoted_text: row.quoted_text,
    date: isoDate(row.received_at),
    step: row.step === null ? null : row.step + 1,
    bounce: row.bounce,
  };
}

export const storedMessageSelect = sql`
  select im.id, im.kind, im.from_email, im.from_name, im.to, im.cc, im.subject, im.text,
    im.quoted_text, im.bounce, im.received_at, s.step
  from inbox_messages im left join campaign_sends s on s.id = im.send_id`;

export async function readStoredMessage(db: Queryable, id: string): Promise<ThreadMessage> {
  const rows = await db.execute<StoredRow>(sql`${storedMessageSelect} where im.id = ${id}`);
  const row = rows.rows[0];
  if (!row) throw notFound(threadNotFound);
  return storedMessage(row);
}

// The whole conversation, oldest first, and the lead's notes, newest first. Reading it does
// not change the unread state (the web sends PATCH for that).
export async function readThread(
  db: Queryable,
  deps: RenderDeps,
  userId: string,
  threadId: string,
): Promise<ThreadDetail> {
  const thread = await readThreadSummary(db, userId, threadId);
  const contexts = await db.execute<ThreadContext>(sql`
    select t.campaign_id, t.customer_id, c.email, c.fname, c.lname,
      cp.steps, cp.send_as_text
    from inbox_threads t join customers c on c.id = t.customer_id
    left join campaigns cp on cp.id = t.campaign_id
    where t.id = ${threadId}`);
  const context = contexts.rows[0];
  if (!context) throw notFound(threadNotFound);
  const [sent, stored, notes] = await Promise.all([
    campaignMessages(db, deps, context),
    db.execute<StoredRow>(sql`${storedMessageSelect}
      where im.thread_id = ${threadId} order by im.received_at, im.created_at`),
    db.execute<{ id: string; text: string; created_at: string | Date }>(sql`
      select id, text, created_at from notes
      where customer_id = ${context.customer_id} and user_id = ${userId}
      order by created_at desc, id`),
  ]);
  const messages = [...sent, ...stored.rows.map(storedMessage)].sort(
    (a, b) => Date.parse(a.date) - Date.parse(b.date),
  );
  return {
    thread,
    messages,
    notes: notes.rows.map((note) => ({
      id: note.id,
      text: note.text,
      created: isoDate(note.created_at),
    })),
  };
}
