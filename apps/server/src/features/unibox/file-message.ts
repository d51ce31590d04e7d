import { stepVariant } from '@mailhound/contracts';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../platform/database.ts';
import type { LinkTokens } from '../../platform/link-tokens.ts';
import type { WebhookEvents } from '../../platform/webhook-events.ts';
import { campaigns } from '../campaigns/schema.ts';
import { customers } from '../contacts/schema.ts';
import { recordPeopleSeen, type SeenPerson } from '../search/index.ts';
import { composeMail, guardSendRates, recordReply } from '../sender/index.ts';
import { campaignContacts, campaignSends } from '../sender/schema.ts';
import { suppressContact } from '../suppression/index.ts';
import { unsubscribeContact } from '../tracking/index.ts';
import { bareSubject, type InboundMail, readInboundMail } from './classify.ts';
import { findComplainedSend, isComplaint } from './complaint.ts';
import { type OurSend, sendColumns } from './our-sends.ts';
import { type InboxKind, inboxMessages, inboxThreads, type StoredThreadStatus } from './schema.ts';

export type FilingDeps = {
  db: Db;
  tokens: LinkTokens;
  publicUrl: string;
  webhookEvents?: WebhookEvents | undefined;
};

export type ImapKey = { uidValidity: number; uid: number };

export type FileResult = InboxKind | 'duplicate';

const SNIPPET_LENGTH = 200;

// `answers`: when the message it answers went out (a send's sent_at, a Unibox message's time).
type Match = { send: OurSend | null; threadId: string | null; answers: Date | null };

export function snippetOf(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, SNIPPET_LENGTH);
}

// The first of `about` that is ours: a campaign send, or a message written in the Unibox.
async function findOurs(db: Queryable, userId: string, about: string[]): Promise<Match | null> {
  if (about.length === 0) return null;
  const sends = await db
    .select(sendColumns)
    .from(campaignSends)
    .where(and(eq(campaignSends.userId, userId), inArray(campaignSends.messageId, about)));
  const written = await db
    .select({
      threadId: inboxMessages.threadId,
      messageId: inboxMessages.messageId,
      receivedAt: inboxMessages.receivedAt,
    })
    .from(inboxMessages)
    .where(
      and(
        eq(inboxMessages.userId, userId),
        eq(inboxMessages.kind, 'sent'),
        inArray(inboxMessages.messageId, about),
        isNotNull(inboxMessages.threadId),
      ),
    );
  for (const id of about) {
    const send = sends.find((row) => row.messageId === id);
    if (send) return { send, threadId: null, answers: send.sentAt };
    const ours = written.find((row) => row.messageId === id);
    const threadId = ours?.threadId;
    if (!threadId) continue;
    // An answer to a Unibox message belongs to the campaign's latest send to that contact.
    const [latest] = await db
      .select(sendColumns)
      .from(inboxThreads)
      .innerJoin(
        campaignSends,
        and(
          eq(campaignSends.campaignId, inboxThreads.campaignId),
          eq(campaignSends.customerId, inboxThreads.customerId),
        ),
      )
      .where(eq(inboxThreads.id, threadId))
      .orderBy(desc(campaignSends.step))
      .limit(1);
    return { send: latest ?? null, threadId, answers: ours.receivedAt };
  }
  return null;
}

// A reply whose mail client dropped In-Reply-To and References: it is from a contact this
// mailbox wrote to, and its subject is the subject of one of our sends to them, prefixes aside.
// Of those sends, the latest; a reply names no step, so the subject is all there is to go by.
async function findBySender(
  deps: FilingDeps,
  mailbox: { id: string; userId: string },
  mail: InboundMail,
): Promise<Match | null> {
  const subject = bareSubject(mail.subject);
  if (!mail.from.email || !subject) return null;
  // Every send from this mailbox to the contact: a handful per campaign they are in.
  const rows = await deps.db
    .select({
      send: { ...sendColumns, step: campaignSends.step, variant: campaignSends.variant },
      steps: campaigns.steps,
      customer: customers,
    })
    .from(campaignSends)
    .innerJoin(customers, eq(customers.id, campaignSends.customerId))
    .innerJoin(campaigns, eq(campaigns.id, campaignSends.campaignId))
    .where(
      and(
        eq(campaignSends.userId, mailbox.userId),
        eq(campaignSends.mailboxId, mailbox.id),
        eq(sql`lower(${customers.email})`, mail.from.email),
        // Only mail that reached the contact can be answered ('unknown': SMTP may have finished).
        inArray(campaignSends.status, ['sent', 'unknown']),
      ),
    )
    .orderBy(
      desc(sql`coalesce(${campaignSends.sentAt}, ${campaignSends.sendingAt})`),
      desc(campaignSends.step),
    );
  for (const { send, steps, customer } of rows) {
    const step = steps[send.step];
    const first = steps[0];
    if (!step || !first) continue;
    const firstSend = rows.find(
      (row) => row.send.campaignId === send.campaignId && row.send.step === 0,
    )?.send;
    // As the sender composed it: a follow-up's subject depends on the steps sent before it.
    const earlier = rows
      .filter((row) => row.send.campaignId === send.campaignId && row.send.step < send.step)
      .sort((a, b) => a.send.step - b.send.step)
      .map((row) => row.send.messageId);
    const sent = composeMail({
      publicUrl: deps.publicUrl,
      tokens: deps.tokens,
      sendId: send.id,
      messageId: send.messageId,
      from: { name: '', email: '' },
      to: customer,
      // The A/B variants this contact got (issue 25).
      step: stepVariant(step, send.variant),
      firstSubject: stepVariant(first, firstSend?.variant ?? 0).subject,
      earlier,
      sendAsText: true,
      linkTracking: false,
    }).subject;
    if (bareSubject(sent) === subject) return { send, threadId: null, answers: send.sentAt };
  }
  return null;
}

async function complainedMatch(
  deps: FilingDeps,
  userId: string,
  mail: InboundMail,
): Promise<Match | null> {
  if (!mail.complaint) return null;
  const found = await findComplainedSend(deps.db, deps.tokens, userId, mail.complaint);
  return found ? { send: found, threadId: null, answers: null } : null;
}

function seenIn(
  kind: InboxKind,
  byOther: boolean,
  lead: SeenPerson | null,
  bounce: InboundMail['bounce'],
): SeenPerson[] {
  if (!lead) return [];
  if (kind === 'reply' && !byOther) return [lead];
  if (kind === 'bounce' && bounce?.status.startsWith('5.1.'))
    return [{ ...lead, email: bounce.recipient || lead.email }];
  return [];
}

// A report (a delivery delay, a complaint) is kept with the send it is about, not as a
// conversation.
function kindOf(mail: InboundMail, match: Match | null): InboxKind {
  if (!match || mail.nature === 'report' || mail.nature === 'complaint') return 'other';
  return mail.nature;
}

const statusOf: Record<'reply' | 'auto_reply' | 'bounce', StoredThreadStatus> = {
  reply: 'replied',
  auto_reply: 'auto_reply',
  bounce: 'bounced',
};

// The lead whose conversation the message joins, the address lower-cased.
async function leadOf(db: Queryable, match: Match): Promise<SeenPerson | null> {
  const lead = { email: customers.email, firstName: customers.fname, lastName: customers.lname };
  const [row] = match.send
    ? await db.select(lead).from(customers).where(eq(customers.id, match.send.customerId))
    : match.threadId
      ? await db
          .select(lead)
          .from(inboxThreads)
          .innerJoin(customers, eq(customers.id, inboxThreads.customerId))
          .where(eq(inboxThreads.id, match.threadId))
      : [];
  return row ? { ...row, email: row.email.toLowerCase() } : null;
}

// replied beats bounced beats auto_reply, whatever order the messages come in.
const mergedStatus = sql`case
  when ${inboxThreads.status} = 'replied' or excluded.status = 'replied' then 'replied'
  when ${inboxThreads.status} = 'bounced' or excluded.status = 'bounced' then 'bounced'
  else 'auto_reply' end`;

// The subject the contact saw: the campaign's first step, its variables filled.
async function threadSubject(deps: FilingDeps, send: OurSend, fallback: string): Promise<string> {
  const [row] = await deps.db
    .select({
      steps: campaigns.steps,
      customer: customers,
      // The first step's A/B variant this contact got (issue 25).
      firstVariant: sql<number>`coalesce((select ${campaignSends.variant} from ${campaignSends}
        where ${campaignSends.campaignId} = ${send.campaignId}
          and ${campaignSends.customerId} = ${send.customerId} and ${campaignSends.step} = 0), 0)`,
    })
    .from(campaigns)
    .innerJoin(customers, eq(customers.id, send.customerId))
    .where(eq(campaigns.id, send.campaignId));
  const first = row?.steps[0] && stepVariant(row.steps[0], row.firstVariant);
  if (!row || !first) return fallback;
  return composeMail({
    publicUrl: deps.publicUrl,
    tokens: deps.tokens,
    sendId: send.id,
    messageId: send.messageId,
    from: { name: '', email: '' },
    to: row.customer,
    step: first,
    firstSubject: first.subject,
    earlier: [],
    sendAsText: true,
    linkTracking: false,
  }).subject;
}

// Files one message read from a mailbox's INBOX: an answer to one of our sends joins (or
// starts) the contact's thread for that campaign; anything else is kept as 'other' without its
// body, so that it is not read again. A message read twice (same IMAP key, or a Message-ID
// already filed) is stored once.
export async function fileMessage(
  deps: FilingDeps,
  mailbox: { id: string; userId: string },
  source: Buffer | string,
  key: ImapKey,
  deliveredAt: Date,
  // The message's size when `source` is only its start (see MESSAGE_READ_LIMIT).
  size?: number,
): Promise<FileResult> {
  const mail = await readInboundMail(source, size);
  if (mail.messageId) {
    const [seen] = await deps.db
      .select({ id: inboxMessages.id })
      .from(inboxMessages)
      .where(
        and(eq(inboxMessages.userId, mailbox.userId), eq(inboxMessages.messageId, mail.messageId)),
      )
      .limit(1);
    if (seen) return 'duplicate';
  }
  // Delivery reports name what they return; only what a person (or their autoresponder) wrote
  // is matched by its sender, and a complaint by our signed List-Unsubscribe token.
  const match =
    (await findOurs(deps.db, mailbox.userId, mail.about)) ??
    (mail.nature === 'reply' || mail.nature === 'auto_reply'
      ? await findBySender(deps, mailbox, mail)
      : null) ??
    (await complainedMatch(deps, mailbox.userId, mail));
  // An answer comes after what it answers, even when the server's date (whole seconds, or
  // another clock) says otherwise: the thread, the reply's In-Reply-To and the step a reply
  // counts for in analytics all follow this order.
  const receivedAt =
    match?.answers && deliveredAt <= match.answers
      ? new Date(match.answers.getTime() + 1)
      : deliveredAt;
  const kind = kindOf(mail, match);
  const send = match?.send ?? null;
  // Someone else answering in the conversation (a colleague the user forwarded it to) is shown
  // in the thread, but the lead has not replied: their sequence goes on, analytics count no
  // reply and the thread keeps its status. A bounce is about the lead's address, whoever sends it.
  const lead = match && kind !== 'other' ? await leadOf(deps.db, match) : null;
  const byOther = (kind === 'reply' || kind === 'auto_reply') && mail.from.email !== lead?.email;
  // The finder learns from it (search's pattern store): a reply from the address we wrote to
  // proves it is the lead's; a hard bounce (5.1.x) that the address does not exist.
  await recordPeopleSeen(
    deps.db,
    seenIn(kind, byOther, lead, mail.bounce),
    kind === 'bounce' ? 'bounce' : 'reply',
    mailbox.userId,
  );
  // Before the message row: when a crash comes between the two, the message is read again and
  // marking the reply twice changes nothing.
  if (kind === 'reply' && send && !byOther) {
    await recordReply(deps.db, [send.messageId], receivedAt);
  }
  const subject =
    kind !== 'other' && send && !match?.threadId
      ? await threadSubject(deps, send, mail.subject)
      : mail.subject;
  return deps.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(inboxMessages)
      .values({
        userId: mailbox.userId,
        mailboxId: mailbox.id,
        imapUidValidity: key.uidValidity,
        imapUid: key.uid,
        messageId: mail.messageId,
        inReplyTo: mail.inReplyTo,
        references: mail.references,
        kind,
        sendId: send?.id ?? null,
        fromEmail: mail.from.email,
        fromName: mail.from.name,
        to: mail.to,
        cc: mail.cc,
        subject: mail.subject,
        // Mail that is not about our sends is none of our business: no body kept.
        text: kind === 'other' ? '' : mail.text,
        quotedText: kind === 'other' ? null : mail.quotedText,
        bounce: kind === 'bounce' ? mail.bounce : null,
        receivedAt,
      })
      .onConflictDoNothing()
      .returning({ id: inboxMessages.id });
    if (!stored) return 'duplicate';
    // A spam complaint unsubscribes the contact, as their unsubscribe link would.
    if (mail.complaint && isComplaint(mail.complaint) && send) {
      const complaint = { source: 'complaint' as const, at: receivedAt };
      const added = await unsubscribeContact(
        tx,
        { ...send, userId: mailbox.userId },
        complaint,
        deps.webhookEvents,
      );
      // A new complaint may pause the campaign and stop the mailbox; a repeat changes no rate.
      if (added) await guardSendRates(tx, send, deps.webhookEvents);
    }
    if (kind === 'other' || kind === 'sent' || !match) return kind;
    const snippet = snippetOf(mail.text);
    let threadId = match.threadId;
    if (threadId) {
      await tx
        .update(inboxThreads)
        .set({
          status: byOther
            ? sql`${inboxThreads.status}`
            : sql`case
            when ${inboxThreads.status} = 'replied' or ${statusOf[kind]} = 'replied' then 'replied'
            when ${inboxThreads.status} = 'bounced' or ${statusOf[kind]} = 'bounced' then 'bounced'
            else 'auto_reply' end`,
          unread: true,
          messageCount: sql`${inboxThreads.messageCount} + 1`,
          snippet: sql`case when ${receivedAt} >= ${inboxThreads.lastMessageAt} then ${snippet} else ${inboxThreads.snippet} end`,
          lastMessageAt: sql`greatest(${inboxThreads.lastMessageAt}, ${receivedAt})`,
        })
        .where(eq(inboxThreads.id, threadId));
    } else if (send) {
      const [thread] = await tx
        .insert(inboxThreads)
        .values({
          userId: mailbox.userId,
          campaignId: send.campaignId,
          customerId: send.customerId,
          mailboxId: send.mailboxId ?? mailbox.id,
          subject,
          status: statusOf[kind],
          unread: true,
          messageCount: 1,
          lastMessageAt: receivedAt,
          snippet,
        })
        .onConflictDoUpdate({
          target: [inboxThreads.campaignId, inboxThreads.customerId],
          set: {
            status: byOther ? sql`${inboxThreads.status}` : mergedStatus,
            unread: true,
            messageCount: sql`${inboxThreads.messageCount} + 1`,
            snippet: sql`case when excluded.last_message_at >= ${inboxThreads.lastMessageAt} then excluded.snippet else ${inboxThreads.snippet} end`,
            lastMessageAt: sql`greatest(${inboxThreads.lastMessageAt}, excluded.last_message_at)`,
            mailboxId: sql`coalesce(${inboxThreads.mailboxId}, excluded.mailbox_id)`,
          },
        })
        .returning({ id: inboxThreads.id });
      threadId = thread?.id ?? null;
    }
    if (!threadId) return 'other';
    await tx.update(inboxMessages).set({ threadId }).where(eq(inboxMessages.id, stored.id));
    if (kind === 'bounce' && send) await markBounced(tx, send, receivedAt, deps.webhookEvents);
    // The user's webhooks hear of a lead's reply and of a bounce (issue 23); not of an
    // auto-reply, nor of a colleague answering in the thread.
    const about = {
      thread_id: threadId,
      campaign_id: send?.campaignId ?? null,
      received: receivedAt.toISOString(),
    };
    if (kind === 'reply' && !byOther) {
      const data = { ...about, email: mail.from.email, subject: mail.subject, snippet };
      await deps.webhookEvents?.emit(mailbox.userId, 'email.replied', data, tx);
    } else if (kind === 'bounce') {
      const email = (await leadOf(tx, match))?.email ?? '';
      await deps.webhookEvents?.emit(mailbox.userId, 'email.bounced', { ...about, email }, tx);
    }
    return kind;
  });
}

// The send bounced (its sent_at kept), the contact's sequence in that campaign stops, and the
// contact is marked so that no campaign writes to them again.
async function markBounced(tx: Queryable, send: OurSend, at: Date, events?: WebhookEvents) {
  await tx
    .update(campaignSends)
    .set({
      status: 'bounced',
      sentAt: sql`coalesce(${campaignSends.sentAt}, ${campaignSends.sendingAt})`,
    })
    .where(eq(campaignSends.id, send.id));
  await tx
    .update(campaignContacts)
    .set({ state: 'stopped', stopReason: 'bounced' })
    .where(
      and(
        eq(campaignContacts.campaignId, send.campaignId),
        eq(campaignContacts.customerId, send.customerId),
      ),
    );
  await tx
    .update(customers)
    .set({ bouncedAt: sql`coalesce(${customers.bouncedAt}, ${at})` })
    .where(eq(customers.id, send.customerId));
  await suppressContact(tx, send.customerId, 'bounce');
  await guardSendRates(tx, send, events);
}
