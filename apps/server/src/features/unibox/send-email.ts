import {
  mailboxInErrorMessage,
  type SendEmailAnswer,
  type SendEmailPayload,
  uniboxMessages,
} from '@mailhound/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { conflict, HttpError } from '../../platform/errors.ts';
import type { MailTransports } from '../../platform/mail/mail-transports.ts';
import { newMessageId } from '../../platform/mail/message-id.ts';
import { customers } from '../contacts/schema.ts';
import { mailboxes } from '../mailboxes/schema.ts';
import { htmlToPlainText } from '../sender/index.ts';
import { forwardedBlock } from './forwarded-message.ts';
import { inboxMessages, inboxThreads } from './schema.ts';
import { type RenderDeps, readStoredMessage, readThread, readThreadSummary } from './threads.ts';

export type SendEmailDeps = {
  db: Db;
  transports: MailTransports;
  now: () => Date;
  render: RenderDeps;
};

// Every Message-ID of the conversation, oldest first: the campaign's steps, then what came in
// and what was written in the Unibox.
async function conversationIds(db: Db, threadId: string): Promise<string[]> {
  const rows = await db.execute<{ message_id: string }>(sql`
    select message_id from (
      select s.message_id, s.sent_at as at, 0 as source
      from inbox_threads t join campaign_sends s
        on s.campaign_id = t.campaign_id and s.customer_id = t.customer_id
      where t.id = ${threadId} and s.sent_at is not null
      union all
      select im.message_id, im.received_at as at, 1 as source
      from inbox_messages im where im.thread_id = ${threadId} and im.message_id is not null
    ) chain order by at, source`);
  return [...new Set(rows.rows.map((row) => row.message_id))];
}

// A reply to the lead, threaded under the conversation's latest message, or a forward of that
// message (the note, then the message itself; a new thread, so no In-Reply-To), from the
// thread's mailbox; kept as a 'sent' message so that an answer to it joins the thread too.
export async function sendThreadEmail(
  deps: SendEmailDeps,
  userId: string,
  payload: SendEmailPayload,
): Promise<SendEmailAnswer> {
  const thread = await readThreadSummary(deps.db, userId, payload.thread_id);
  const [mailbox] = thread.mailbox
    ? await deps.db.select().from(mailboxes).where(eq(mailboxes.id, thread.mailbox.id))
    : [];
  if (!mailbox) throw conflict(uniboxMessages.mailboxGone);
  if (mailbox.status === 'error') {
    throw conflict(mailboxInErrorMessage(mailbox.email, mailbox.statusMessage));
  }
  const [lead] = await deps.db
    .select()
    .from(customers)
    .where(eq(customers.id, thread.lead.customer_id));
  const recipients =
    payload.mode === 'reply'
      ? [{ email: lead?.email ?? thread.lead.email, name: thread.lead.name }]
      : payload.recipients.map((email) => ({ email, name: '' }));
  const forwarding = payload.mode === 'forward';
  const chain = forwarding ? [] : await conversationIds(deps.db, thread.id);
  const inReplyTo = chain.at(-1);
  const messageId = newMessageId(mailbox.email);
  const text = htmlToPlainText(payload.body);
  const latest = forwarding
    ? (await readThread(deps.db, deps.render, userId, thread.id)).messages.at(-1)
    : undefined;
  const forwarded = latest ? forwardedBlock(latest) : null;
  const sendFailed = new HttpError(502, uniboxMessages.sendFailed);
  let transport: Awaited<ReturnType<MailTransports['get']>>;
  try {
    transport = await deps.transports.get(mailbox);
  } catch {
    throw sendFailed;
  }
  if ('error' in transport) throw sendFailed;
  try {
    await transport.sendMail({
      from: { name: mailbox.name, address: mailbox.email },
      to: recipients.map((recipient) =>
        recipient.name ? { name: recipient.name, address: recipient.email } : recipient.email,
      ),
      subject: payload.subject,
      messageId,
      ...(inReplyTo ? { inReplyTo, references: chain } : {}),
      html: forwarded ? `${payload.body}\n<br>\n${forwarded.html}` : payload.body,
      text: forwarded ? `${text}\n\n${forwarded.text}` : text,
    });
  } catch {
    throw sendFailed;
  }
  const now = deps.now();
  const id = await deps.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(inboxMessages)
      .values({
        userId,
        mailboxId: mailbox.id,
        threadId: thread.id,
        messageId,
        inReplyTo: inReplyTo ?? null,
        references: chain,
        kind: 'sent',
        fromEmail: mailbox.email.toLowerCase(),
        fromName: mailbox.name,
        to: recipients,
        subject: payload.subject,
        text,
        // The forwarded message shows as the quoted part, as in a received reply.
        quotedText: forwarded?.text ?? null,
        receivedAt: now,
      })
      .returning({ id: inboxMessages.id });
    await tx
      .update(inboxThreads)
      .set({
        messageCount: sql`${inboxThreads.messageCount} + 1`,
        lastMessageAt: sql`greatest(${inboxThreads.lastMessageAt}, ${now})`,
      })
      .where(eq(inboxThreads.id, thread.id));
    return stored?.id ?? '';
  });
  return {
    message: payload.mode === 'reply' ? uniboxMessages.sent : uniboxMessages.forwarded,
    data: await readStoredMessage(deps.db, id),
  };
}
