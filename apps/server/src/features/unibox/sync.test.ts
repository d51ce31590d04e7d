import { everyObservation } from '@mailhound/finder';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-context.ts';
import {
  allDaySchedule,
  createList,
  firstStep,
  insertMailbox,
  settingsWith,
  startCampaign,
} from '../campaigns/campaigns.test-kit.ts';
import type { MailCall } from '../contacts/contacts.test-kit.ts';
import { customers } from '../contacts/schema.ts';
import {
  deliverToInbox,
  type RunningServer,
  startImapServer,
} from '../mailboxes/mail-servers.test-kit.ts';
import { createPgPatternStore } from '../search/index.ts';
import { domainPatterns } from '../search/schema.ts';
import { campaignContacts, campaignSends } from '../sender/schema.ts';
import type { SmtpSink } from '../sender/smtp-sink.test-kit.ts';
import { MESSAGE_READ_LIMIT, tooLargeNote } from './classify.ts';
import { type InboxWorld, startInboxWorld } from './inbox.test-kit.ts';
import { stepAsideWhen } from './jobs.ts';
import {
  deliveryReportMail,
  headerlessReplyMail,
  outOfOfficeMail,
  replyMail,
  replyWithAttachmentMail,
  unrelatedMail,
} from './messages.test-kit.ts';
import { inboxMessages, inboxThreads, mailboxSyncState } from './schema.ts';
import { mailboxesToSync, type SyncDeps, syncMailbox, syncMailboxOnce } from './sync.ts';

let world: InboxWorld;
let t: TestContext;
let call: MailCall;
let userId: string;
let imap: RunningServer;
let sink: SmtpSink;
let deps: SyncDeps;
// The sender's clock; inbox sync runs on real time (IMAP dates are real).
let now = new Date('2030-03-04T10:00:00Z');
const account = { user: 'sales@sender.test', password: 'imap-secret' };
// A second mailbox of the same user, for mail that names none of our Message-IDs.
const outreach = { user: 'outreach@sender.test', password: 'imap-secret' };
// A third, for the conversation forwarded to a colleague.
const forwards = { user: 'forwards@sender.test', password: 'imap-secret' };
// A fourth, whose campaign bounces too often (issue 25).
const guarded = { user: 'guarded@sender.test', password: 'imap-secret' };
// A fifth, answered with a large attachment.
const large = { user: 'large@sender.test', password: 'imap-secret' };

beforeAll(async () => {
  world = await startInboxWorld([account, outreach, forwards, guarded, large], () => now);
  ({ t, call, userId, imap, sink, deps } = world);
}, 600_000);
afterAll(async () => world?.close());

const tickAndSend = () => world.tickAndSend();

// Mail arriving: the test puts it straight into the INBOX over IMAP.
async function deliver(...messages: string[]) {
  await deliverTo(account, ...messages);
}

async function deliverTo(to: { user: string; password: string }, ...messages: string[]) {
  await deliverToInbox(imap.port, to, ...messages);
}

async function threadsOf(campaignId: string) {
  const rows = await t.db
    .select({ thread: inboxThreads, email: customers.email })
    .from(inboxThreads)
    .innerJoin(customers, eq(customers.id, inboxThreads.customerId))
    .where(eq(inboxThreads.campaignId, campaignId));
  return Object.fromEntries(rows.map((row) => [row.email, row.thread]));
}

async function waitFor<T>(check: () => Promise<T | undefined>): Promise<T> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('gave up waiting');
}

describe('inbox sync against a real IMAP server', () => {
  let mailboxId: string;
  let campaignId: string;
  const ids: Record<string, string> = {};

  it('reads replies, automatic answers and bounce reports into threads, and leaves other mail out', async () => {
    mailboxId = await world.addMailbox(userId, account);
    const { groupId } = await createList(call, 'Leads', [
      'ann@client.test',
      'bob@client.test',
      'gone@client.test',
    ]);
    campaignId = (await call('POST', '/campaigns', { name: 'Spring', status: 'paused' })).json().id;
    await call('PATCH', `/campaigns/${campaignId}/settings`, {
      ...settingsWith([mailboxId]),
      stop_after_reply: true,
      min_email_gap: 0,
      max_email_gap: 1,
    });
    const started = await call('PATCH', `/campaigns/${campaignId}`, {
      customer_group_id: groupId,
      schedules: [allDaySchedule],
      steps: [firstStep, { subject: 'Next', body: '<p>Again, {{first_name}}</p>', email_gap: 1 }],
      status: 'active',
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(await tickAndSend()).toBe(3);
    const sends = await t.db
      .select({ messageId: campaignSends.messageId, email: customers.email })
      .from(campaignSends)
      .innerJoin(customers, eq(customers.id, campaignSends.customerId))
      .where(eq(campaignSends.campaignId, campaignId));
    for (const send of sends) ids[send.email] = send.messageId;
    expect(sink.messages).toHaveLength(3);

    const to = account.user;
    await deliver(
      unrelatedMail({ from: 'news@news.test', to }),
      replyMail({
        from: 'ann@client.test',
        to,
        inReplyTo: ids['ann@client.test'] ?? '',
        text: 'Yes, tell me more.\r\n\r\nOn Mon, 4 Mar 2030, Sender <sales@sender.test> wrote:\r\n> Hi First0, a short note.',
      }),
      outOfOfficeMail({ from: 'bob@client.test', to, inReplyTo: ids['bob@client.test'] ?? '' }),
      deliveryReportMail({
        from: 'MAILER-DAEMON@mx.client.test',
        to,
        recipient: 'gone@client.test',
        original: ids['gone@client.test'] ?? '',
      }),
    );

    expect(await syncMailboxOnce(deps, mailboxId)).toEqual({ filed: 4, idled: false });
    const threads = await threadsOf(campaignId);
    expect(Object.keys(threads).sort()).toEqual([
      'ann@client.test',
      'bob@client.test',
      'gone@client.test',
    ]);
    expect(threads['ann@client.test']).toMatchObject({
      status: 'replied',
      unread: true,
      messageCount: 1,
      subject: 'Hello First0',
      snippet: 'Yes, tell me more.',
      mailboxId,
    });
    expect(threads['bob@client.test']?.status).toBe('auto_reply');
    expect(threads['gone@client.test']?.status).toBe('bounced');

    const stored = await t.db.select().from(inboxMessages).where(eq(inboxMessages.userId, userId));
    const other = stored.filter((message) => message.kind === 'other');
    expect(other).toHaveLength(1);
    expect(other[0]).toMatchObject({ threadId: null, subject: 'Our spring offers', text: '' });
    const reply = stored.find((message) => message.kind === 'reply');
    expect(reply?.text).toBe('Yes, tell me more.');
    expect(reply?.quotedText).toBe(
      'On Mon, 4 Mar 2030, Sender <sales@sender.test> wrote:\n> Hi First0, a short note.',
    );
    const bounce = stored.find((message) => message.kind === 'bounce');
    expect(bounce?.bounce).toMatchObject({ recipient: 'gone@client.test', status: '5.1.1' });
  });

  it('a reply stops the sequence (stop_after_reply), an automatic answer does not', async () => {
    const contacts = await t.db
      .select({ contact: campaignContacts, email: customers.email })
      .from(campaignContacts)
      .innerJoin(customers, eq(customers.id, campaignContacts.customerId))
      .where(eq(campaignContacts.campaignId, campaignId));
    const byEmail = Object.fromEntries(contacts.map((row) => [row.email, row.contact]));
    expect(byEmail['ann@client.test']).toMatchObject({ state: 'stopped', stopReason: 'replied' });
    expect(byEmail['ann@client.test']?.repliedAt).not.toBeNull();
    expect(byEmail['bob@client.test']).toMatchObject({ state: 'ready', repliedAt: null });
    expect(byEmail['gone@client.test']).toMatchObject({ state: 'stopped', stopReason: 'bounced' });

    // Two days on, only the auto-replier gets the follow-up.
    now = new Date(now.getTime() + 2 * 86_400_000);
    expect(await tickAndSend()).toBe(1);
    expect(sink.messages.at(-1)?.to).toEqual(['bob@client.test']);
  });

  it('a bounce marks the send bounced (sent time kept) and the contact, whom no campaign writes to again', async () => {
    const [send] = await t.db
      .select()
      .from(campaignSends)
      .where(eq(campaignSends.messageId, ids['gone@client.test'] ?? ''));
    expect(send?.status).toBe('bounced');
    expect(send?.sentAt).not.toBeNull();
    const [gone] = await t.db
      .select()
      .from(customers)
      .where(and(eq(customers.userId, userId), eq(customers.email, 'gone@client.test')));
    expect(gone?.bouncedAt).not.toBeNull();
    const listed = await call('GET', '/suppression?key=gone@');
    expect(listed.json().entries).toMatchObject([{ entry: 'gone@client.test', source: 'bounce' }]);

    const { groupId } = await createList(call, 'Second list', [
      'gone@client.test',
      'fresh@client.test',
    ]);
    const second = (await call('POST', '/campaigns', { name: 'Summer', status: 'paused' })).json()
      .id;
    await call('PATCH', `/campaigns/${second}/settings`, {
      ...settingsWith([mailboxId]),
      min_email_gap: 0,
      max_email_gap: 1,
    });
    await call('PATCH', `/campaigns/${second}`, {
      customer_group_id: groupId,
      schedules: [allDaySchedule],
      steps: [firstStep],
      status: 'active',
    });
    now = new Date(now.getTime() + 10 * 60_000);
    const before = sink.messages.length;
    await tickAndSend();
    expect(sink.messages.slice(before).map((message) => message.to[0])).toEqual([
      'fresh@client.test',
    ]);
  });

  it("teaches the finder: the reply proves the lead's address, the 5.1.1 bounce that the address does not exist", async () => {
    const observed = await t.db
      .select({ email: domainPatterns.email, source: domainPatterns.source })
      .from(domainPatterns)
      .where(eq(domainPatterns.domain, 'client.test'));
    // The list's contacts were known (their import) before the reply and the bounce came.
    expect(observed.sort((a, b) => a.email.localeCompare(b.email))).toEqual([
      { email: 'ann@client.test', source: 'reply' },
      { email: 'bob@client.test', source: 'known' },
      { email: 'fresh@client.test', source: 'known' },
      { email: 'gone@client.test', source: 'bounce' },
    ]);
    // A fact for this user's lookups; for another user's only once a second user saw it too.
    const store = createPgPatternStore(t.db);
    const viewOf = (viewer: string) => ({ ...everyObservation, viewer });
    expect((await store.bounced('client.test', viewOf(userId))).addresses).toEqual([
      'gone@client.test',
    ]);
    expect((await store.bounced('client.test', viewOf('another user'))).addresses).toEqual([]);
  });

  it('a second read files nothing new', async () => {
    expect(await syncMailboxOnce(deps, mailboxId)).toEqual({ filed: 0, idled: false });
    expect(await t.countRows('inbox_messages')).toBe(4);
  });

  it('files mail that arrives while the job IDLEs, without another run', async () => {
    const [before] = await t.db
      .select()
      .from(mailboxSyncState)
      .where(eq(mailboxSyncState.mailboxId, mailboxId));
    const stop = new AbortController();
    const running = syncMailbox(deps, mailboxId, { idleSeconds: 60, signal: stop.signal });
    // The INBOX has been read once: the job is idling now.
    await waitFor(async () => {
      const [state] = await t.db
        .select()
        .from(mailboxSyncState)
        .where(eq(mailboxSyncState.mailboxId, mailboxId));
      const later = (state?.lastSyncedAt?.getTime() ?? 0) > (before?.lastSyncedAt?.getTime() ?? 0);
      return later ? true : undefined;
    });
    await deliver(
      replyMail({
        from: 'bob@client.test',
        to: account.user,
        inReplyTo: ids['bob@client.test'] ?? '',
        text: 'Back from holiday: interested!',
      }),
    );
    const thread = await waitFor(async () => {
      const threads = await threadsOf(campaignId);
      const bob = threads['bob@client.test'];
      return bob?.status === 'replied' ? bob : undefined;
    });
    stop.abort();
    expect(await running).toEqual({ filed: 1, idled: true });
    expect(thread).toMatchObject({ messageCount: 2, snippet: 'Back from holiday: interested!' });
    expect(before?.idleSupported).toBe(true);
  });

  it('starts over when UIDVALIDITY changes, without filing anything twice', async () => {
    await t.db
      .update(mailboxSyncState)
      .set({ uidValidity: 1, lastUid: 99 })
      .where(eq(mailboxSyncState.mailboxId, mailboxId));
    expect(await syncMailboxOnce(deps, mailboxId)).toEqual({ filed: 0, idled: false });
    expect(await t.countRows('inbox_messages')).toBe(5);
    const [state] = await t.db
      .select()
      .from(mailboxSyncState)
      .where(eq(mailboxSyncState.mailboxId, mailboxId));
    expect(state?.uidValidity).not.toBe(1);
    expect(state?.lastUid).toBe(5);
  });

  it('records why a mailbox could not be read', async () => {
    const broken = await insertMailbox(t, userId, {
      email: account.user.replace('sales', 'other'),
      password: 'wrong',
      imapPort: imap.port,
    });
    await expect(syncMailboxOnce(deps, broken)).rejects.toThrow();
    const [state] = await t.db
      .select()
      .from(mailboxSyncState)
      .where(eq(mailboxSyncState.mailboxId, broken));
    expect(state?.lastError).toBeTruthy();
  });

  it('ends its IDLE early when other mailboxes wait for a worker', async () => {
    const syncedAt = async () => {
      const [state] = await t.db
        .select()
        .from(mailboxSyncState)
        .where(eq(mailboxSyncState.mailboxId, mailboxId));
      return state?.lastSyncedAt?.getTime() ?? 0;
    };
    const before = await syncedAt();
    let waiting = false;
    const job = new AbortController();
    const aside = stepAsideWhen(async () => waiting, 50, job.signal);
    const running = syncMailbox(deps, mailboxId, { idleSeconds: 600, signal: aside.signal });
    // The INBOX has been read: the job is idling when another mailbox starts to wait.
    await waitFor(async () => ((await syncedAt()) > before ? true : undefined));
    waiting = true;
    // Settles long before the 600 s IDLE would end (the test's own timeout is far shorter),
    // without the job itself being stopped.
    expect(await running).toEqual({ filed: 0, idled: true });
    aside.stop();
    expect(job.signal.aborted).toBe(false);
  });

  it('reads a server without IDLE and returns at once, to be polled', async () => {
    const pollOnly = { user: 'poll@sender.test', password: 'imap-secret' };
    const server = await startImapServer([pollOnly], { idle: false });
    try {
      const polled = await insertMailbox(t, userId, {
        email: pollOnly.user,
        password: pollOnly.password,
        imapPort: server.port,
      });
      const result = await syncMailbox(deps, polled, { idleSeconds: 60 });
      expect(result).toEqual({ filed: 0, idled: false });
      const [state] = await t.db
        .select()
        .from(mailboxSyncState)
        .where(eq(mailboxSyncState.mailboxId, polled));
      expect(state).toMatchObject({ idleSupported: false, lastError: null });
    } finally {
      await server.stop();
    }
  });

  it('the tick reads mailboxes in use: polled ones after the interval, idling ones at once', async () => {
    const unused = await insertMailbox(t, userId, { email: 'idle@sender.test' });
    const at = new Date();
    const due = await mailboxesToSync(t.db, at, 60);
    const ids = due.map((mailbox) => mailbox.id);
    expect(ids).toContain(mailboxId);
    expect(ids).not.toContain(unused);
    expect(due.find((mailbox) => mailbox.id === mailboxId)?.startAfter).toEqual(at);
    await t.db.execute(
      sql`update mailbox_sync_state set idle_supported = false, last_synced_at = ${at} where mailbox_id = ${mailboxId}`,
    );
    const polled = await mailboxesToSync(t.db, at, 60);
    expect(polled.find((mailbox) => mailbox.id === mailboxId)?.startAfter).toEqual(
      new Date(at.getTime() + 60_000),
    );
  });
});

describe('a reply whose mail client dropped In-Reply-To and References', () => {
  it('is filed as the reply to our latest send to its sender from that mailbox, and stops the sequence', async () => {
    const mailboxId = await world.addMailbox(userId, outreach);
    const { groupId, customerIds } = await createList(call, 'Header-less', [
      'gus@client.test',
      'hal@client.test',
    ]);
    await t.db
      .update(customers)
      .set({ fname: 'Gus' })
      .where(eq(customers.id, customerIds[0] ?? ''));
    const campaignId = (
      await call('POST', '/campaigns', { name: 'Autumn', status: 'paused' })
    ).json().id;
    await call('PATCH', `/campaigns/${campaignId}/settings`, {
      ...settingsWith([mailboxId]),
      stop_after_reply: true,
      min_email_gap: 0,
      max_email_gap: 1,
    });
    const started = await call('PATCH', `/campaigns/${campaignId}`, {
      customer_group_id: groupId,
      schedules: [allDaySchedule],
      steps: [
        {
          subject: 'Quick question, {{first_name}}',
          body: '<p>Hi {{first_name}}</p>',
          email_gap: 0,
        },
        { subject: 'Next', body: '<p>Again, {{first_name}}</p>', email_gap: 1 },
      ],
      status: 'active',
    });
    expect(started.statusCode, started.body).toBe(200);
    now = new Date(now.getTime() + 10 * 60_000);
    await tickAndSend();
    const toGus = () => sink.messages.filter((message) => message.to[0] === 'gus@client.test');
    expect(toGus()).toHaveLength(1);
    const [send] = await t.db
      .select()
      .from(campaignSends)
      .where(
        and(
          eq(campaignSends.campaignId, campaignId),
          eq(campaignSends.customerId, customerIds[0] ?? ''),
        ),
      );

    await deliverTo(
      outreach,
      // Gus again, about something else: not an answer to our mail.
      headerlessReplyMail({
        from: 'gus@client.test',
        to: outreach.user,
        subject: 'Lunch on Friday?',
        text: 'Are you free?',
      }),
      headerlessReplyMail({
        from: 'gus@client.test',
        to: outreach.user,
        subject: 'Re: Quick question, Gus',
        text: 'Not interested, please remove me',
      }),
    );
    expect(await syncMailboxOnce(deps, mailboxId)).toEqual({ filed: 2, idled: false });

    const stored = await t.db
      .select()
      .from(inboxMessages)
      .where(eq(inboxMessages.mailboxId, mailboxId));
    const bySubject = Object.fromEntries(stored.map((message) => [message.subject, message]));
    expect(bySubject['Lunch on Friday?']).toMatchObject({ kind: 'other', threadId: null });
    const reply = bySubject['Re: Quick question, Gus'];
    expect(reply).toMatchObject({
      kind: 'reply',
      sendId: send?.id,
      text: 'Not interested, please remove me',
    });
    const thread = (await threadsOf(campaignId))['gus@client.test'];
    expect(thread).toMatchObject({
      id: reply?.threadId,
      status: 'replied',
      subject: 'Quick question, Gus',
      messageCount: 1,
      mailboxId,
    });
    const [contact] = await t.db
      .select()
      .from(campaignContacts)
      .where(
        and(
          eq(campaignContacts.campaignId, campaignId),
          eq(campaignContacts.customerId, customerIds[0] ?? ''),
        ),
      );
    expect(contact).toMatchObject({ state: 'stopped', stopReason: 'replied' });
    expect(contact?.repliedAt).not.toBeNull();

    // Two days on, the next step goes to Hal only; a second read files nothing again.
    now = new Date(now.getTime() + 2 * 86_400_000);
    await tickAndSend();
    expect(toGus()).toHaveLength(1);
    expect(sink.messages.at(-1)?.to).toEqual(['hal@client.test']);
    expect(await syncMailboxOnce(deps, mailboxId)).toEqual({ filed: 0, idled: false });

    // Hal answers the follow-up, which went out under a subject of its own.
    await deliverTo(
      outreach,
      headerlessReplyMail({
        from: 'hal@client.test',
        to: outreach.user,
        subject: 'AW: Next',
        text: 'Send me the price list.',
      }),
    );
    expect(await syncMailboxOnce(deps, mailboxId)).toEqual({ filed: 1, idled: false });
    const [followUp] = await t.db
      .select()
      .from(campaignSends)
      .where(
        and(
          eq(campaignSends.customerId, customerIds[1] ?? ''),
          eq(campaignSends.step, 1),
          eq(campaignSends.campaignId, campaignId),
        ),
      );
    const [halReply] = await t.db
      .select()
      .from(inboxMessages)
      .where(eq(inboxMessages.subject, 'AW: Next'));
    expect(halReply).toMatchObject({ kind: 'reply', sendId: followUp?.id });
    expect((await threadsOf(campaignId))['hal@client.test']?.status).toBe('replied');
  });
});

describe('a colleague answering a conversation forwarded to them', () => {
  it('is shown in the lead’s thread, but the lead has not replied: the sequence goes on', async () => {
    const mailboxId = await world.addMailbox(userId, forwards);
    const { groupId, customerIds } = await createList(call, 'Forwarded', ['ivy@client.test']);
    const campaignId = (
      await call('POST', '/campaigns', { name: 'Winter', status: 'paused' })
    ).json().id;
    await call('PATCH', `/campaigns/${campaignId}/settings`, {
      ...settingsWith([mailboxId]),
      stop_after_reply: true,
      min_email_gap: 0,
      max_email_gap: 1,
    });
    const started = await call('PATCH', `/campaigns/${campaignId}`, {
      customer_group_id: groupId,
      schedules: [allDaySchedule],
      steps: [firstStep, { subject: 'Next', body: '<p>Again, {{first_name}}</p>', email_gap: 1 }],
      status: 'active',
    });
    expect(started.statusCode, started.body).toBe(200);
    now = new Date(now.getTime() + 10 * 60_000);
    await tickAndSend();
    const toIvy = () => sink.messages.filter((message) => message.to[0] === 'ivy@client.test');
    expect(toIvy()).toHaveLength(1);
    const [first] = await t.db
      .select()
      .from(campaignSends)
      .where(eq(campaignSends.campaignId, campaignId));

    // Ivy's out-of-office answer starts her conversation, which the user forwards to a colleague.
    await deliverTo(
      forwards,
      outOfOfficeMail({
        from: 'ivy@client.test',
        to: forwards.user,
        inReplyTo: first?.messageId ?? '',
      }),
    );
    expect(await syncMailboxOnce(deps, mailboxId)).toEqual({ filed: 1, idled: false });
    const thread = (await threadsOf(campaignId))['ivy@client.test'];
    expect(thread?.status).toBe('auto_reply');
    const forwarded = await call('POST', '/send-emails', {
      mode: 'forward',
      thread_id: thread?.id,
      subject: 'Fwd: Hello',
      body: '<p>Can you call her?</p>',
      recipients: ['colleague@client.test'],
    });
    expect(forwarded.statusCode, forwarded.body).toBe(200);
    const [forward] = await t.db
      .select()
      .from(inboxMessages)
      .where(and(eq(inboxMessages.threadId, thread?.id ?? ''), eq(inboxMessages.kind, 'sent')));

    await deliverTo(
      forwards,
      replyMail({
        from: 'colleague@client.test',
        to: forwards.user,
        subject: 'Re: Fwd: Hello',
        inReplyTo: forward?.messageId ?? '',
        text: 'Sure, I will call her today.',
      }),
    );
    expect(await syncMailboxOnce(deps, mailboxId)).toEqual({ filed: 1, idled: false });
    const [answer] = await t.db
      .select()
      .from(inboxMessages)
      .where(eq(inboxMessages.fromEmail, 'colleague@client.test'));
    expect(answer).toMatchObject({ threadId: thread?.id, text: 'Sure, I will call her today.' });
    expect((await threadsOf(campaignId))['ivy@client.test']).toMatchObject({
      status: 'auto_reply',
      messageCount: 3,
    });
    const contact = async () => {
      const [row] = await t.db
        .select()
        .from(campaignContacts)
        .where(
          and(
            eq(campaignContacts.campaignId, campaignId),
            eq(campaignContacts.customerId, customerIds[0] ?? ''),
          ),
        );
      return row;
    };
    expect(await contact()).toMatchObject({ state: 'ready', repliedAt: null, stopReason: null });
    const shown = (await call('GET', `/campaigns/${campaignId}`)).json();
    expect(shown.stats).toMatchObject({ replied: 0 });

    // Two days on, Ivy gets the follow-up; her own answer to it is her reply.
    now = new Date(now.getTime() + 2 * 86_400_000);
    await tickAndSend();
    expect(toIvy()).toHaveLength(2);
    const [followUp] = await t.db
      .select()
      .from(campaignSends)
      .where(and(eq(campaignSends.campaignId, campaignId), eq(campaignSends.step, 1)));
    await deliverTo(
      forwards,
      replyMail({
        from: 'ivy@client.test',
        to: forwards.user,
        inReplyTo: followUp?.messageId ?? '',
        text: 'Your colleague called, thanks.',
      }),
    );
    expect(await syncMailboxOnce(deps, mailboxId)).toEqual({ filed: 1, idled: false });
    expect((await threadsOf(campaignId))['ivy@client.test']?.status).toBe('replied');
    expect(await contact()).toMatchObject({ state: 'stopped', stopReason: 'replied' });
  });
});

// issue 25 "Done when": a campaign paused by RFC 3464 bounces read by the sync.
describe('bounce protection', () => {
  it('pauses the campaign and stops its mailbox once the bounces of its last sends pass its threshold, and judges afresh after a resume', async () => {
    const mailboxId = await world.addMailbox(userId, guarded);
    const emails = Array.from({ length: 20 }, (_, index) => `lead${index}@guarded.test`);
    const { groupId } = await createList(call, 'Bought list', emails);
    const settings = { bounce_threshold: 10 };
    const mailboxIds = [mailboxId];
    const campaignId = await startCampaign(call, { name: 'Risky', mailboxIds, groupId, settings });
    // A second campaign sends from the same mailbox, to a list that grows later.
    const later = await createList(call, 'Later list', ['first@later.test']);
    const laterId = await startCampaign(call, {
      name: 'Later',
      mailboxIds,
      groupId: later.groupId,
      settings,
    });
    now = new Date(now.getTime() + 60_000);
    expect(await tickAndSend()).toBe(21);
    const sends = await t.db
      .select({ messageId: campaignSends.messageId, email: customers.email })
      .from(campaignSends)
      .innerJoin(customers, eq(customers.id, campaignSends.customerId))
      .where(eq(campaignSends.campaignId, campaignId));
    const idOf = Object.fromEntries(sends.map((send) => [send.email, send.messageId]));
    const bounceOf = (email: string) =>
      deliveryReportMail({
        from: 'MAILER-DAEMON@mx.guarded.test',
        to: guarded.user,
        recipient: email,
        original: idOf[email] ?? '',
      });
    const campaign = async (id = campaignId) => (await call('GET', `/campaigns/${id}`)).json();
    const mailbox = async () =>
      (await call('GET', `/mailboxes/${mailboxId}`)).json() as {
        status: string;
        sending_paused_reason: string | null;
      };

    // 2 of 20 is 10 %: at the threshold, not above it.
    await deliverTo(guarded, bounceOf('lead0@guarded.test'), bounceOf('lead1@guarded.test'));
    expect(await syncMailboxOnce(deps, mailboxId)).toEqual({ filed: 2, idled: false });
    expect(await campaign()).toMatchObject({ status: 'active', paused_reason: null });
    expect(await mailbox()).toMatchObject({ status: 'active', sending_paused_reason: null });

    await deliverTo(guarded, bounceOf('lead2@guarded.test'));
    expect(await syncMailboxOnce(deps, mailboxId)).toEqual({ filed: 1, idled: false });
    const reason =
      'Paused automatically: 3 of the last 20 e-mails bounced (15 %), above the 10 % limit. Check the contact list, then resume the campaign.';
    expect(await campaign()).toMatchObject({ status: 'paused', paused_reason: reason });
    const list = (await call('GET', '/campaigns/list')).json() as {
      campaigns: { id: string; paused_reason: string | null }[];
    };
    expect(list.campaigns.find((item) => item.id === campaignId)?.paused_reason).toBe(reason);
    // The mailbox stops sending, but its connection is not in error.
    expect(await mailbox()).toMatchObject({
      status: 'active',
      status_message: null,
      sending_paused_reason:
        'Sending paused: 3 of its last 21 e-mails bounced (14.3 %), above the 10 % limit. Check the lists it sends to, then click Resume sending.',
    });

    // While it is stopped, a lead's reply is still read by the sync that picks the mailboxes,
    // and the user answers it from the Unibox.
    await deliverTo(
      guarded,
      replyMail({
        from: 'lead5@guarded.test',
        to: guarded.user,
        inReplyTo: idOf['lead5@guarded.test'] ?? '',
        text: 'Sounds good, call me.',
      }),
    );
    const due = await mailboxesToSync(t.db, new Date(), 60);
    expect(due.map((item) => item.id)).toContain(mailboxId);
    expect(await syncMailboxOnce(deps, mailboxId)).toEqual({ filed: 1, idled: false });
    const thread = (await threadsOf(campaignId))['lead5@guarded.test'];
    expect(thread?.status).toBe('replied');
    const answered = await call('POST', '/send-emails', {
      mode: 'reply',
      thread_id: thread?.id,
      subject: 'Re: Hello',
      body: '<p>Calling you tomorrow.</p>',
    });
    expect(answered.statusCode, answered.body).toBe(200);

    // No campaign sends from it: the other campaign's new lead waits, and that campaign says
    // why; the paused campaign cannot be started again from it either.
    const added = await createList(call, 'Added', ['second@later.test']);
    await call('PATCH', `/groups/${later.groupId}/add-users`, { customer_ids: added.customerIds });
    now = new Date(now.getTime() + 60_000);
    expect(await tickAndSend()).toBe(0);
    expect(await campaign(laterId)).toMatchObject({
      status: 'active',
      ready: false,
      missing: ['mailbox_paused'],
    });
    const refused = await call('PATCH', `/campaigns/${campaignId}`, { status: 'active' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ missing: ['mailbox_paused'] });

    // The user resumes the mailbox: it sends again, and the campaign can be resumed.
    const resumed = await call('POST', `/mailboxes/${mailboxId}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ status: 'active', sending_paused_reason: null });
    expect((await call('POST', '/mailboxes/not-a-mailbox/resume')).json()).toMatchObject({
      statusCode: 404,
      message: 'Mailbox not found',
    });
    now = new Date(now.getTime() + 60_000);
    expect(await tickAndSend()).toBe(1);
    const again = await call('PATCH', `/campaigns/${campaignId}`, { status: 'active' });
    expect(again.json()).toMatchObject({ status: 'active', paused_reason: null });

    // One more bounce of the sends the user reviewed comes in: judged from the resume on, it
    // does not pause the campaign or stop the mailbox again.
    await deliverTo(guarded, bounceOf('lead3@guarded.test'));
    expect(await syncMailboxOnce(deps, mailboxId)).toEqual({ filed: 1, idled: false });
    expect(await campaign()).toMatchObject({ status: 'active', paused_reason: null });
    expect(await mailbox()).toMatchObject({ status: 'active', sending_paused_reason: null });
  });
});

describe('a reply larger than the read limit', () => {
  it('is filed in the thread from its first 2 MiB, its text there and a note that the rest is in the mailbox', async () => {
    const mailboxId = await world.addMailbox(userId, large);
    const { groupId } = await createList(call, 'Deck readers', ['ivy@client.test']);
    const campaignId = await startCampaign(call, {
      name: 'Decks',
      mailboxIds: [mailboxId],
      groupId,
    });
    await tickAndSend();
    const [send] = await t.db
      .select({ messageId: campaignSends.messageId })
      .from(campaignSends)
      .where(eq(campaignSends.campaignId, campaignId));
    const reply = replyWithAttachmentMail({
      from: 'ivy@client.test',
      to: large.user,
      inReplyTo: send?.messageId ?? '',
      text: 'Our deck is attached, have a look.',
      attachmentBytes: 3 * 1024 * 1024,
    });
    expect(reply.length).toBeGreaterThan(MESSAGE_READ_LIMIT);
    await deliverTo(large, reply);

    expect(await syncMailboxOnce(deps, mailboxId)).toEqual({ filed: 1, idled: false });
    const threads = await threadsOf(campaignId);
    expect(threads['ivy@client.test']?.status).toBe('replied');
    expect(threads['ivy@client.test']?.snippet).toMatch(/^Our deck is attached, have a look\. \[/);
    const [stored] = await t.db
      .select({ kind: inboxMessages.kind, text: inboxMessages.text })
      .from(inboxMessages)
      .where(eq(inboxMessages.mailboxId, mailboxId));
    expect(stored).toEqual({
      kind: 'reply',
      text: `Our deck is attached, have a look.\n\n${tooLargeNote(reply.length)}`,
    });
  });
});
