import type { ThreadDetail, ThreadPage, ThreadSummary } from '@mailhound/contracts';
import { uniboxMessages, validationMessages } from '@mailhound/contracts';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkTokens } from '../../platform/link-tokens.ts';
import { createMailTransports, type MailTransports } from '../../platform/mail/mail-transports.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import {
  allDaySchedule,
  createList,
  firstStep,
  insertMailbox,
  settingsWith,
} from '../campaigns/campaigns.test-kit.ts';
import { type MailCall, mailUser } from '../contacts/contacts.test-kit.ts';
import { customers } from '../contacts/schema.ts';
import { mailboxes } from '../mailboxes/schema.ts';
import { campaignSends } from '../sender/schema.ts';
import { seededRandom } from '../sender/seeded-random.ts';
import { type SendDeps, sendOne } from '../sender/send-one.ts';
import { headersOf, type SmtpSink, startSmtpSink } from '../sender/smtp-sink.test-kit.ts';
import { runTick } from '../sender/tick.ts';
import { type FilingDeps, fileMessage } from './file-message.ts';
import { deliveryReportMail, outOfOfficeMail, replyMail } from './messages.test-kit.ts';

let t: TestContext;
let call: MailCall;
let other: MailCall;
let userId: string;
let sink: SmtpSink;
let transports: MailTransports;
let sendDeps: SendDeps;
let filing: FilingDeps;
// The sender's clock: earlier than the API's real one, so Unibox replies come last.
let now = new Date('2025-01-06T09:00:00Z');
let uid = 0;

const mailboxes_: Record<string, { id: string; email: string }> = {};
const campaignIds: Record<string, string> = {};
const messageIds: Record<string, string> = {};
const threadIds: Record<string, string> = {};

async function startCampaign(name: string, mailbox: string, emails: string[]) {
  const { groupId } = await createList(call, `${name} list`, emails);
  const id = (await call('POST', '/campaigns', { name, status: 'paused' })).json().id;
  await call('PATCH', `/campaigns/${id}/settings`, {
    ...settingsWith([mailbox]),
    min_email_gap: 0,
    max_email_gap: 1,
  });
  await call('PATCH', `/campaigns/${id}`, {
    customer_group_id: groupId,
    schedules: [allDaySchedule],
    steps: [firstStep],
    status: 'active',
  });
  const queued = await runTick(t.db, now, seededRandom(5));
  for (const send of queued) expect((await sendOne(sendDeps, send.id)).status).toBe('sent');
  return id;
}

// Mail read from a mailbox, filed as inbox sync files it.
async function receive(mailbox: string, raw: string, at: string) {
  uid += 1;
  const row = mailboxes_[mailbox];
  if (!row) throw new Error(`no mailbox ${mailbox}`);
  return fileMessage(filing, { id: row.id, userId }, raw, { uidValidity: 7, uid }, new Date(at));
}

const page = async (query = '') => {
  const response = await call('GET', `/unibox/threads${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ThreadPage;
};
const leads = (threads: ThreadSummary[]) => threads.map((thread) => thread.lead.email);

beforeAll(async () => {
  t = await createTestContext({ env: { MAIL_ALLOW_PRIVATE_HOSTS: 'true' } });
  ({ call, id: userId } = await mailUser(t));
  ({ call: other } = await mailUser(t));
  sink = await startSmtpSink();
  transports = createMailTransports(t.mailConnections);
  const tokens = createLinkTokens(t.config.tracking.secret);
  sendDeps = { db: t.db, now: () => now, publicUrl: t.config.publicUrl, tokens, transports };
  filing = { db: t.db, tokens, publicUrl: t.config.publicUrl };
  for (const name of ['sales', 'team']) {
    const email = `${name}@sender.test`;
    const id = await insertMailbox(t, userId, {
      email,
      smtpPort: sink.port,
      minEmailGap: 0,
      maxEmailGap: 1,
    });
    mailboxes_[name] = { id, email };
  }
  campaignIds.spring = await startCampaign('Spring', mailboxes_.sales?.id ?? '', [
    'ann@client.test',
    'bob@client.test',
    'gone@client.test',
  ]);
  now = new Date('2025-01-06T09:30:00Z');
  campaignIds.summer = await startCampaign('Summer', mailboxes_.team?.id ?? '', [
    'cat@client.test',
  ]);
  const sends = await t.db
    .select({ messageId: campaignSends.messageId, email: customers.email })
    .from(campaignSends)
    .innerJoin(customers, eq(customers.id, campaignSends.customerId));
  for (const send of sends) messageIds[send.email] = send.messageId;

  const to = 'sales@sender.test';
  await receive(
    'sales',
    replyMail({
      from: 'ann@client.test',
      to,
      inReplyTo: messageIds['ann@client.test'] ?? '',
      text: 'Yes, tell me more.\r\n\r\n> Hi First0, a short note.\r\n> Offer',
    }),
    '2025-01-06T11:00:00Z',
  );
  await receive(
    'sales',
    outOfOfficeMail({
      from: 'bob@client.test',
      to,
      inReplyTo: messageIds['bob@client.test'] ?? '',
    }),
    '2025-01-06T10:00:00Z',
  );
  await receive(
    'sales',
    deliveryReportMail({
      from: 'MAILER-DAEMON@mx.client.test',
      to,
      recipient: 'gone@client.test',
      original: messageIds['gone@client.test'] ?? '',
    }),
    '2025-01-06T09:10:00Z',
  );
  await receive(
    'team',
    replyMail({
      from: 'cat@client.test',
      to: 'team@sender.test',
      inReplyTo: messageIds['cat@client.test'] ?? '',
      text: 'Not now, thanks.',
    }),
    '2025-01-06T12:00:00Z',
  );
  for (const thread of (await page()).threads) threadIds[thread.lead.email] = thread.id;
});
afterAll(async () => {
  // The app's pooled SMTP connections close with it, before the server stops.
  await t?.close();
  transports?.close();
  await sink?.stop();
});

describe('the Unibox thread list', () => {
  it('lists every conversation newest first with its lead, campaign, mailbox and unread count', async () => {
    const all = await page();
    expect(leads(all.threads)).toEqual([
      'cat@client.test',
      'ann@client.test',
      'bob@client.test',
      'gone@client.test',
    ]);
    expect(all).toMatchObject({ page: 1, pages: 1, per_page: 20, total_count: 4, unread_count: 4 });
    expect(all.threads[1]).toEqual({
      id: threadIds['ann@client.test'],
      subject: 'Hello First0',
      snippet: 'Yes, tell me more.',
      lead: {
        email: 'ann@client.test',
        name: 'First0 Last',
        customer_id: expect.any(String),
      },
      campaign: { id: campaignIds.spring, name: 'Spring' },
      mailbox: {
        id: mailboxes_.sales?.id,
        email: 'sales@sender.test',
        name: 'Sender',
        status: 'active',
        status_message: null,
      },
      status: 'replied',
      unread: true,
      // The campaign e-mail and the reply.
      message_count: 2,
      last_message_at: '2025-01-06T11:00:00.000Z',
    });
  });

  it('filters by status, campaign, mailbox, unread and a search key, and pages', async () => {
    expect(leads((await page('?status=replied')).threads)).toEqual([
      'cat@client.test',
      'ann@client.test',
    ]);
    expect(leads((await page('?status=auto_reply')).threads)).toEqual(['bob@client.test']);
    expect(leads((await page('?status=bounced')).threads)).toEqual(['gone@client.test']);
    expect(leads((await page(`?campaign_id=${campaignIds.summer}`)).threads)).toEqual([
      'cat@client.test',
    ]);
    expect(leads((await page(`?mailbox_id=${mailboxes_.sales?.id}`)).threads)).toHaveLength(3);
    expect(leads((await page('?key=BOB')).threads)).toEqual(['bob@client.test']);
    expect((await page('?key=hello&status=bounced')).total_count).toBe(1);
    expect((await page('?unread=false')).threads).toEqual([]);
    expect((await page('?campaign_id=not-an-id')).threads).toEqual([]);
    const second = await page('?count=3&page=2');
    expect(leads(second.threads)).toEqual(['gone@client.test']);
    expect(second).toMatchObject({ page: 2, pages: 2, per_page: 3, total_count: 4 });
    expect((await call('GET', '/unibox/threads?status=spam')).statusCode).toBe(400);
  });
});

describe('a conversation', () => {
  it('shows the campaign e-mail we sent, then the reply with its quoted text apart, and the lead’s notes', async () => {
    const id = threadIds['ann@client.test'] ?? '';
    const customerId = (await page()).threads.find((thread) => thread.id === id)?.lead.customer_id;
    await call('POST', `/customers/${customerId}/notes`, { text: 'Wants a call on Tuesday' });
    const response = await call('GET', `/unibox/threads/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json() as ThreadDetail;
    expect(detail.messages.map((message) => [message.kind, message.direction])).toEqual([
      ['campaign', 'out'],
      ['reply', 'in'],
    ]);
    const [campaign, reply] = detail.messages;
    expect(campaign).toMatchObject({
      subject: 'Hello First0',
      from: { email: 'sales@sender.test', name: 'Sender' },
      to: [{ email: 'ann@client.test', name: 'First0 Last' }],
      step: 1,
      date: '2025-01-06T09:00:00.000Z',
      quoted_text: null,
    });
    expect(campaign?.text).toContain('Hi First0, a short note.');
    // The link as its destination, though the e-mail itself went out with a tracking redirect.
    expect(campaign?.text).toContain('Offer (https://example.com/offer)');
    expect(reply).toMatchObject({
      from: { email: 'ann@client.test', name: 'Ann Client' },
      text: 'Yes, tell me more.',
      quoted_text: '> Hi First0, a short note.\n> Offer',
      step: 1,
      bounce: null,
    });
    expect(detail.notes.map((note) => note.text)).toEqual(['Wants a call on Tuesday']);
    // Reading does not mark it read.
    expect(detail.thread.unread).toBe(true);
  });

  it('shows the bounce report’s recipient, status and diagnostic', async () => {
    const detail = (
      await call('GET', `/unibox/threads/${threadIds['gone@client.test']}`)
    ).json() as ThreadDetail;
    expect(detail.messages.at(-1)).toMatchObject({
      kind: 'bounce',
      direction: 'in',
      bounce: { recipient: 'gone@client.test', status: '5.1.1' },
    });
  });

  it('is marked read and unread again', async () => {
    const id = threadIds['ann@client.test'];
    const read = await call('PATCH', `/unibox/threads/${id}`, { unread: false });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id, unread: false });
    const after = await page('?unread=false');
    expect(leads(after.threads)).toEqual(['ann@client.test']);
    expect(after.unread_count).toBe(3);
    expect((await call('PATCH', `/unibox/threads/${id}`, { unread: true })).json().unread).toBe(
      true,
    );
    expect((await call('PATCH', `/unibox/threads/${id}`, { unread: 'no' })).statusCode).toBe(400);
  });
});

describe('reply and forward', () => {
  it('a reply goes to the lead from the thread’s mailbox, threaded under the latest message', async () => {
    const id = threadIds['ann@client.test'] ?? '';
    const response = await call('POST', '/send-emails', {
      mode: 'reply',
      thread_id: id,
      subject: 'Re: Hello First0',
      body: '<p>Great, Tuesday works.</p>',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: uniboxMessages.sent,
      data: {
        kind: 'sent',
        direction: 'out',
        subject: 'Re: Hello First0',
        text: 'Great, Tuesday works.',
        to: [{ email: 'ann@client.test', name: 'First0 Last' }],
        from: { email: 'sales@sender.test', name: 'Sender' },
      },
    });
    const delivered = sink.messages.at(-1);
    expect(delivered?.to).toEqual(['ann@client.test']);
    const headers = headersOf(delivered?.raw ?? '');
    expect(headers.from).toContain('sales@sender.test');
    expect(headers.subject).toBe('Re: Hello First0');
    const detail = (await call('GET', `/unibox/threads/${id}`)).json() as ThreadDetail;
    const [, annReply, sent] = detail.messages;
    expect(sent?.kind).toBe('sent');
    const stored = await t.db.query.inboxMessages.findMany({
      where: (message, { eq }) => eq(message.threadId, id),
    });
    const annMessageId = stored.find((message) => message.id === annReply?.id)?.messageId;
    const sentMessageId = stored.find((message) => message.id === sent?.id)?.messageId;
    expect(headers['in-reply-to']).toBe(annMessageId);
    expect(headers.references).toBe(`${messageIds['ann@client.test']} ${annMessageId}`);
    expect(headers['message-id']).toBe(sentMessageId);

    // The lead answers our Unibox reply: it joins the same conversation.
    expect(
      await receive(
        'sales',
        replyMail({
          from: 'ann@client.test',
          to: 'sales@sender.test',
          inReplyTo: sentMessageId ?? '',
          text: 'See you then.',
        }),
        new Date(Date.now() + 60_000).toISOString(),
      ),
    ).toBe('reply');
    const again = (await call('GET', `/unibox/threads/${id}`)).json() as ThreadDetail;
    expect(again.messages.map((message) => message.kind)).toEqual([
      'campaign',
      'reply',
      'sent',
      'reply',
    ]);
    expect(again.thread).toMatchObject({ message_count: 4, snippet: 'See you then.' });
  });

  it('a forward goes to the recipients with the note, then the latest message, in a new thread', async () => {
    const response = await call('POST', '/send-emails', {
      mode: 'forward',
      thread_id: threadIds['cat@client.test'],
      subject: 'Fwd: Hello First0',
      body: '<p>FYI - hot lead</p>',
      recipients: ['colleague@x.test', 'desk@partner.test'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(uniboxMessages.forwarded);
    const delivered = sink.messages.at(-1);
    expect(delivered?.to).toEqual(['colleague@x.test', 'desk@partner.test']);
    const headers = headersOf(delivered?.raw ?? '');
    expect(headers['in-reply-to']).toBeUndefined();
    expect(headers.references).toBeUndefined();
    const forwarded = [
      '---------- Forwarded message ---------',
      'From: Ann Client <cat@client.test>',
      'Date: Mon, 06 Jan 2025 12:00:00 GMT',
      'Subject: Re: Hello',
      'To: team@sender.test',
    ];
    const mail = await simpleParser(delivered?.raw ?? '');
    expect(mail.subject).toBe('Fwd: Hello First0');
    expect(mail.text?.trim()).toBe(
      ['FYI - hot lead', '', ...forwarded, '', 'Not now, thanks.'].join('\n'),
    );
    expect(mail.html).toContain('<p>FYI - hot lead</p>');
    expect(mail.html).toContain(
      forwarded.join('<br>\n').replace('<cat@client.test>', '&lt;cat@client.test&gt;'),
    );
    expect(mail.html).toContain('Not now, thanks.');
    // In the conversation: the note, the forwarded message as its quoted part.
    expect(response.json().data).toMatchObject({
      kind: 'sent',
      text: 'FYI - hot lead',
      quoted_text: [...forwarded, '', 'Not now, thanks.'].join('\n'),
    });
  });

  it('asks for a recipient, and answers 502 when the mail server refuses', async () => {
    const thread_id = threadIds['bob@client.test'];
    const none = await call('POST', '/send-emails', {
      mode: 'forward',
      thread_id,
      subject: 'Fwd: x',
      body: '<p>x</p>',
      recipients: [],
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(validationMessages.recipientRequired);
    expect(none.json().message).toBe('Please add at least one recipient');
    const empty = await call('POST', '/send-emails', {
      mode: 'reply',
      thread_id,
      subject: 'Re: x',
      body: '<p><br></p>',
    });
    expect(empty.statusCode).toBe(400);
    const before = sink.messages.length;
    const refused = await call('POST', '/send-emails', {
      mode: 'forward',
      thread_id,
      subject: 'Fwd: x',
      body: '<p>x</p>',
      recipients: ['bounce@partner.test'],
    });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe(uniboxMessages.sendFailed);
    expect(sink.messages.length).toBe(before);
  });

  it('refuses a body over 100,000 characters in words, sending nothing (security review 2a)', async () => {
    const before = sink.messages.length;
    const response = await call('POST', '/send-emails', {
      mode: 'reply',
      thread_id: threadIds['bob@client.test'],
      subject: 'Re: x',
      body: '<'.repeat(200_000),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Must be at most 100000 characters');
    expect(sink.messages.length).toBe(before);
  });

  it('answers 409 naming the mailbox and its problem while it is in error, sending nothing', async () => {
    const id = mailboxes_.team?.id ?? '';
    const problem = 'SMTP: smtp.sender.test refused the login (535 5.7.8 Bad credentials).';
    await t.db
      .update(mailboxes)
      .set({ status: 'error', statusMessage: problem })
      .where(eq(mailboxes.id, id));
    const before = sink.messages.length;
    const response = await call('POST', '/send-emails', {
      mode: 'reply',
      thread_id: threadIds['cat@client.test'],
      subject: 'Re: Hello',
      body: '<p>Still there?</p>',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      `team@sender.test cannot send right now (${problem}). Fix its connection in the Sender List, then try again.`,
    );
    expect(sink.messages.length).toBe(before);
    const listed = (await page(`?campaign_id=${campaignIds.summer}`)).threads[0]?.mailbox;
    expect(listed).toMatchObject({ id, status: 'error', status_message: problem });
    await t.db
      .update(mailboxes)
      .set({ status: 'active', statusMessage: null })
      .where(eq(mailboxes.id, id));
  });

  it('answers 409 when the conversation’s mailbox was deleted', async () => {
    await t.db.delete(mailboxes).where(eq(mailboxes.id, mailboxes_.team?.id ?? ''));
    const response = await call('POST', '/send-emails', {
      mode: 'reply',
      thread_id: threadIds['cat@client.test'],
      subject: 'Re: Hello',
      body: '<p>Still there?</p>',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(uniboxMessages.mailboxGone);
    expect((await page(`?campaign_id=${campaignIds.summer}`)).threads[0]?.mailbox).toBeNull();
  });
});

describe('a reply dated no later than our e-mail', () => {
  it('still comes after it: in the thread, in the reply’s In-Reply-To, and for the replied step', async () => {
    now = new Date('2025-01-07T08:00:00Z');
    const id = await startCampaign('Autumn', mailboxes_.sales?.id ?? '', ['dan@client.test']);
    const [send] = await t.db.select().from(campaignSends).where(eq(campaignSends.campaignId, id));
    // The mail server's date has whole seconds (or another clock): the same second as ours.
    await receive(
      'sales',
      replyMail({
        from: 'dan@client.test',
        to: 'sales@sender.test',
        inReplyTo: send?.messageId ?? '',
        text: 'Quick answer.',
      }),
      '2025-01-07T07:59:59Z',
    );
    const thread = (await page(`?campaign_id=${id}`)).threads[0];
    const detail = (await call('GET', `/unibox/threads/${thread?.id}`)).json() as ThreadDetail;
    expect(detail.messages.map((message) => message.kind)).toEqual(['campaign', 'reply']);
    const [sent, reply] = detail.messages;
    expect(Date.parse(reply?.date ?? '')).toBeGreaterThan(Date.parse(sent?.date ?? ''));
    expect(reply?.step).toBe(1);

    const answered = await call('POST', '/send-emails', {
      mode: 'reply',
      thread_id: thread?.id,
      subject: 'Re: Hello First0',
      body: '<p>Thanks!</p>',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const stored = await t.db.query.inboxMessages.findFirst({
      where: (message, { eq }) => eq(message.id, reply?.id ?? ''),
    });
    expect(headersOf(sink.messages.at(-1)?.raw ?? '')['in-reply-to']).toBe(stored?.messageId);
  });
});

describe('another user', () => {
  it('never sees, changes or answers the first user’s conversations', async () => {
    const id = threadIds['ann@client.test'];
    const list = (await other('GET', '/unibox/threads')).json() as ThreadPage;
    expect(list).toMatchObject({ threads: [], total_count: 0, unread_count: 0 });
    for (const response of [
      await other('GET', `/unibox/threads/${id}`),
      await other('PATCH', `/unibox/threads/${id}`, { unread: false }),
      await other('POST', '/send-emails', {
        mode: 'reply',
        thread_id: id,
        subject: 'Re: x',
        body: '<p>x</p>',
      }),
      await other('GET', '/unibox/threads/not-an-id'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Conversation not found');
    }
    expect((await call('GET', `/unibox/threads/${id}`)).json().thread.unread).toBe(true);
  });
});
