import { randomUUID } from 'node:crypto';
import { type VerifyStatus, verifyReasons } from '@mailhound/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkTokens } from '../../platform/link-tokens.ts';
import { createMailTransports, type MailTransports } from '../../platform/mail/mail-transports.ts';
import { newMessageId } from '../../platform/mail/message-id.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { saveBoughtVerdicts } from '../bulk/index.ts';
import { bulkPurchases, bulkRequests, bulkRows } from '../bulk/schema.ts';
import {
  allDaySchedule,
  createList,
  firstStep,
  insertMailbox,
  settingsWith,
} from '../campaigns/campaigns.test-kit.ts';
import { type MailCall, mailUser } from '../contacts/contacts.test-kit.ts';
import { customers } from '../contacts/schema.ts';
import {
  type RunningServer,
  signInToImap,
  startImapServer,
} from '../mailboxes/mail-servers.test-kit.ts';
import { mailboxes } from '../mailboxes/schema.ts';
import { domainPatterns } from '../search/schema.ts';
import { saveVerdict } from '../verify/index.ts';
import { verifications } from '../verify/schema.ts';
import { verdictWith } from '../verify/verify.test-kit.ts';
import { reconcileStuckSends, STUCK_AFTER_MS } from './reconcile.ts';
import { recordReply } from './replies.ts';
import { campaignContacts, campaignSends } from './schema.ts';
import { seededRandom } from './seeded-random.ts';
import { type SendDeps, sendOne } from './send-one.ts';
import { decodedBody, headersOf, type SmtpSink, startSmtpSink } from './smtp-sink.test-kit.ts';
import { runTick } from './tick.ts';

let t: TestContext;
let call: MailCall;
let userId: string;
let sink: SmtpSink;
let transports: MailTransports;
let deps: SendDeps;
// The engine's clock (the API's stays real: login tokens expire by it).
let now = new Date('2030-03-04T10:00:00Z');

beforeAll(async () => {
  t = await createTestContext({ env: { MAIL_ALLOW_PRIVATE_HOSTS: 'true' } });
  ({ call, id: userId } = await mailUser(t));
  sink = await startSmtpSink();
  transports = createMailTransports(t.mailConnections);
  deps = {
    db: t.db,
    now: () => now,
    publicUrl: t.config.publicUrl,
    tokens: createLinkTokens(t.config.tracking.secret),
    transports,
  };
});
afterAll(async () => {
  transports.close();
  await sink.stop();
  await t.close();
});

async function tickAndSend() {
  const queued = await runTick(t.db, now, seededRandom(7));
  const results = [];
  for (const send of queued) results.push(await sendOne(deps, send.id));
  return results;
}

async function sendRows(campaignId: string) {
  return t.db
    .select()
    .from(campaignSends)
    .where(eq(campaignSends.campaignId, campaignId))
    .orderBy(campaignSends.step, campaignSends.scheduledAt);
}

describe('the sender', () => {
  let campaignId: string;
  let mailboxId: string;

  it('sends each planned e-mail once with its fixed Message-ID; 5xx on RCPT bounces, 4xx retries', async () => {
    mailboxId = await insertMailbox(t, userId, {
      email: 'sales@sender.test',
      smtpPort: sink.port,
      minEmailGap: 0,
      maxEmailGap: 1,
    });
    const { groupId } = await createList(call, 'Prospects', [
      'ann@client.test',
      'bounce@client.test',
      'later@client.test',
    ]);
    const created = await call('POST', '/campaigns', { name: 'Sender test', status: 'paused' });
    campaignId = created.json().id;
    await call('PATCH', `/campaigns/${campaignId}/settings`, {
      ...settingsWith([mailboxId]),
      min_email_gap: 0,
      max_email_gap: 1,
    });
    const started = await call('PATCH', `/campaigns/${campaignId}`, {
      customer_group_id: groupId,
      schedules: [allDaySchedule],
      steps: [firstStep, { subject: 'Second', body: '<p>Again, {{first_name}}</p>', email_gap: 2 }],
      status: 'active',
    });
    expect(started.statusCode, started.body).toBe(200);

    const results = await tickAndSend();
    expect(results.map((result) => result.status).sort()).toEqual(['bounced', 'retry', 'sent']);
    const rows = await sendRows(campaignId);
    expect(rows).toHaveLength(3);
    const byStatus = Object.fromEntries(rows.map((row) => [row.status, row]));
    expect(Object.keys(byStatus).sort()).toEqual(['bounced', 'queued', 'sent']);
    expect(byStatus.queued?.error).toContain('Mailbox busy');

    expect(sink.messages).toHaveLength(1);
    const [message] = sink.messages;
    const headers = headersOf(message?.raw ?? '');
    expect(message?.to).toEqual(['ann@client.test']);
    expect(headers['message-id']).toBe(byStatus.sent?.messageId);
    expect(headers.subject).toBe('Hello First0');
    expect(headers['list-unsubscribe']).toMatch(
      /^<http:\/\/mailhound\.test\/api\/mail\/campaigns\/unsubscribe\/one-click\?mlsr=u\.[^>]+>$/,
    );
    expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const body = decodedBody(message?.raw ?? '');
    expect(body).toContain('http://mailhound.test/survey/campaign-unsubscribe?unsub=u.');
    // Link tracking: the offer link goes through the signed redirect.
    expect(body).toContain('http://mailhound.test/api/mail/tracker/click?mlsr=c.');
    expect(body).not.toContain('href="https://example.com/offer"');

    // Another tick sends nothing new: every contact is in flight or stopped.
    expect(await tickAndSend()).toEqual([]);
    expect(sink.messages).toHaveLength(1);
    // The 4xx row goes again once its retry time has come.
    now = new Date(now.getTime() + 15 * 60_000);
    const retry = await sendOne(deps, byStatus.queued?.id ?? '');
    expect(retry.status).toBe('retry');
  });

  it("gives each planned send its own Message-ID at its mailbox's domain, as replies from the Unibox get", async () => {
    const ids = (await sendRows(campaignId)).map((row) => row.messageId);
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    const form = /^<[0-9a-f-]{36}@sender\.test>$/;
    for (const id of ids) expect(id).toMatch(form);
    expect(newMessageId('sales@sender.test')).toMatch(form);
  });

  it('sends the follow-up after its gap, from the same mailbox, with its own subject, threaded under the first', async () => {
    // The busy recipient is tried again meanwhile (and stays busy); nothing else is due yet.
    const sentOnly = (results: { status: string }[]) =>
      results.filter((result) => result.status !== 'retry').map((result) => result.status);
    now = new Date('2030-03-05T10:00:00Z');
    expect(sentOnly(await tickAndSend())).toEqual([]);
    now = new Date('2030-03-06T10:01:00Z');
    expect(sentOnly(await tickAndSend())).toEqual(['sent']);
    const [first, second] = sink.messages.map((message) => headersOf(message.raw));
    expect(second?.subject).toBe('Second');
    expect(second?.['in-reply-to']).toBe(first?.['message-id']);
    expect(second?.references).toBe(first?.['message-id']);
    const rows = (await sendRows(campaignId)).filter((row) => row.status === 'sent');
    expect(rows.map((row) => row.mailboxId)).toEqual([mailboxId, mailboxId]);
  });

  it('sends text only when send_as_text', async () => {
    const { groupId } = await createList(call, 'Text people', ['text@client.test']);
    const created = await call('POST', '/campaigns', { name: 'Plain', status: 'paused' });
    const id = created.json().id;
    await call('PATCH', `/campaigns/${id}/settings`, {
      ...settingsWith([mailboxId]),
      send_as_text: true,
      min_email_gap: 0,
      max_email_gap: 1,
    });
    await call('PATCH', `/campaigns/${id}`, {
      customer_group_id: groupId,
      schedules: [allDaySchedule],
      steps: [firstStep],
      status: 'active',
    });
    now = new Date(now.getTime() + 10 * 60_000);
    const before = sink.messages.length;
    await tickAndSend();
    const message = sink.messages.slice(before).find((m) => m.to[0] === 'text@client.test');
    const headers = headersOf(message?.raw ?? '');
    expect(headers['content-type']).toMatch(/^text\/plain/);
    const body = decodedBody(message?.raw ?? '');
    expect(body).toContain('Offer (https://example.com/offer)');
    expect(body).not.toContain('<p>');
  });

  it('withdraws a queued send when the campaign is paused before it goes', async () => {
    const { groupId } = await createList(call, 'Paused people', ['paused@client.test']);
    const created = await call('POST', '/campaigns', { name: 'Paused later', status: 'paused' });
    const id = created.json().id;
    await call('PATCH', `/campaigns/${id}/settings`, {
      ...settingsWith([mailboxId]),
      min_email_gap: 0,
      max_email_gap: 1,
    });
    await call('PATCH', `/campaigns/${id}`, {
      customer_group_id: groupId,
      schedules: [allDaySchedule],
      steps: [firstStep],
      status: 'active',
    });
    now = new Date(now.getTime() + 10 * 60_000);
    const queued = await runTick(t.db, now, seededRandom(3));
    const mine = (await sendRows(id)).map((row) => row.id);
    expect(mine).toHaveLength(1);
    await call('PATCH', `/campaigns/${id}`, { status: 'paused' });
    const before = sink.messages.length;
    for (const send of queued) await sendOne(deps, send.id);
    expect(sink.messages.slice(before).some((m) => m.to[0] === 'paused@client.test')).toBe(false);
    expect(await sendRows(id)).toEqual([]);
    const state = await t.db
      .select()
      .from(campaignContacts)
      .where(eq(campaignContacts.campaignId, id));
    expect(state).toEqual([]);
  });
});

describe('a hard bounce at send time', () => {
  it('marks the contact bounced, so that another campaign never plans a send to it', async () => {
    const mailboxId = await insertMailbox(t, userId, {
      email: 'hard@sender.test',
      smtpPort: sink.port,
      minEmailGap: 0,
      maxEmailGap: 1,
    });
    const startCampaign = async (name: string, groupId: string) => {
      const id = (await call('POST', '/campaigns', { name, status: 'paused' })).json().id;
      await call('PATCH', `/campaigns/${id}/settings`, {
        ...settingsWith([mailboxId]),
        min_email_gap: 0,
        max_email_gap: 1,
      });
      await call('PATCH', `/campaigns/${id}`, {
        customer_group_id: groupId,
        schedules: [allDaySchedule],
        steps: [firstStep],
        status: 'active',
      });
      return id as string;
    };
    const first = await createList(call, 'Bounce A', ['bounce.dan@client.test']);
    const [danId] = first.customerIds;
    const campaignA = await startCampaign('Bounce A', first.groupId);
    now = new Date(now.getTime() + 10 * 60_000);
    await tickAndSend();
    expect((await sendRows(campaignA)).map((row) => row.status)).toEqual(['bounced']);
    const [dan] = await t.db
      .select({ bouncedAt: customers.bouncedAt })
      .from(customers)
      .where(eq(customers.id, danId ?? ''));
    expect(dan?.bouncedAt).not.toBeNull();
    // The finder learns that the address does not exist (550 5.1.1), as from a bounce report.
    const learnt = await t.db
      .select({ source: domainPatterns.source })
      .from(domainPatterns)
      .where(eq(domainPatterns.email, 'bounce.dan@client.test'));
    expect(learnt).toEqual([{ source: 'bounce' }]);

    // Campaign B writes to its other contact, never to the bounced one.
    const second = await call('POST', '/groups', {
      name: 'Bounce B',
      customer_ids: [
        danId,
        ...(await createList(call, 'Fresh', ['fresh@client.test'])).customerIds,
      ],
    });
    const campaignB = await startCampaign('Bounce B', second.json().id);
    now = new Date(now.getTime() + 10 * 60_000);
    await runTick(t.db, now, seededRandom(11));
    const planned = await sendRows(campaignB);
    expect(planned.map((row) => row.customerId)).not.toContain(danId);
    expect(planned).toHaveLength(1);
  });
});

describe('a mailbox deleted while its campaign runs', () => {
  it('withdraws its queued send and goes on from another mailbox of the campaign, threaded', async () => {
    const first = await insertMailbox(t, userId, {
      email: 'one@sender.test',
      smtpPort: sink.port,
      minEmailGap: 0,
      maxEmailGap: 1,
    });
    const second = await insertMailbox(t, userId, {
      email: 'two@sender.test',
      smtpPort: sink.port,
      minEmailGap: 0,
      maxEmailGap: 1,
    });
    const { groupId } = await createList(call, 'Moved people', ['moved@client.test']);
    const created = await call('POST', '/campaigns', { name: 'Two mailboxes', status: 'paused' });
    const id = created.json().id;
    await call('PATCH', `/campaigns/${id}/settings`, {
      ...settingsWith([first, second]),
      min_email_gap: 0,
      max_email_gap: 1,
    });
    await call('PATCH', `/campaigns/${id}`, {
      customer_group_id: groupId,
      schedules: [allDaySchedule],
      steps: [firstStep, { subject: 'Again', body: '<p>Following up</p>', email_gap: 1 }],
      status: 'active',
    });
    const toContact = () => sink.messages.filter((m) => m.to[0] === 'moved@client.test');
    now = new Date(now.getTime() + 10 * 60_000);
    await tickAndSend();
    const [opening] = await sendRows(id);
    expect(opening?.status).toBe('sent');
    const wrote = opening?.mailboxId;
    const other = wrote === first ? second : first;
    const otherEmail = other === first ? 'one@sender.test' : 'two@sender.test';

    // The follow-up is planned from the same mailbox, which is deleted before it goes.
    now = new Date(now.getTime() + 86_400_000 + 60_000);
    const queued = await runTick(t.db, now, seededRandom(5));
    expect((await sendRows(id)).map((row) => [row.step, row.mailboxId])).toEqual([
      [0, wrote],
      [1, wrote],
    ]);
    expect((await call('DELETE', `/mailboxes/${wrote}`)).statusCode).toBe(200);
    for (const send of queued) await sendOne(deps, send.id);
    expect(toContact()).toHaveLength(1);
    const rows = await sendRows(id);
    expect(rows.map((row) => row.step)).toEqual([0]);
    const [state] = await t.db
      .select()
      .from(campaignContacts)
      .where(eq(campaignContacts.campaignId, id));
    expect(state).toMatchObject({ state: 'ready', lastStep: 0, stopReason: null });

    // The next tick sends it from the campaign's other mailbox, in the same thread.
    now = new Date(now.getTime() + 60_000);
    await tickAndSend();
    const [opened, followUp] = toContact().map((message) => headersOf(message.raw));
    expect(followUp?.from).toContain(otherEmail);
    expect(followUp?.['in-reply-to']).toBe(opened?.['message-id']);
    expect((await sendRows(id)).map((row) => [row.step, row.status, row.mailboxId])).toEqual([
      [0, 'sent', null],
      [1, 'sent', other],
    ]);
  });
});

describe('a mailbox whose sending protection pauses while a send of it is queued', () => {
  it('withdraws the send unsent, sends nothing more from it, and sends again once resumed', async () => {
    const { groupId } = await createList(call, 'Held back', ['held@client.test']);
    const id = await startCampaign('Stopped', groupId);
    const [mailboxId = ''] = (await call('GET', `/campaigns/${id}`)).json().mailbox_ids;
    const toContact = () => sink.messages.filter((m) => m.to[0] === 'held@client.test');
    now = new Date(now.getTime() + 10 * 60_000);
    const queued = await runTick(t.db, now, seededRandom(3));
    expect(queued).toHaveLength(1);
    // Another campaign's bounces stop the mailbox before the send goes.
    await t.db
      .update(mailboxes)
      .set({ sendingStoppedAt: now, sendingStoppedReason: 'Sending paused: test.' })
      .where(eq(mailboxes.id, mailboxId));
    for (const send of queued) await sendOne(deps, send.id);
    expect(toContact()).toHaveLength(0);
    expect(await sendRows(id)).toEqual([]);
    now = new Date(now.getTime() + 60_000);
    expect(await tickAndSend()).toEqual([]);

    const resumed = await call('POST', `/mailboxes/${mailboxId}/resume`);
    expect(resumed.json()).toMatchObject({ sending_paused_reason: null });
    now = new Date(now.getTime() + 60_000);
    expect(await tickAndSend()).toEqual([{ status: 'sent' }]);
    expect(toContact()).toHaveLength(1);
  });
});

describe('replies', () => {
  it('a reply stops the sequence when the campaign says so, and counts as replied', async () => {
    const mailboxId = await insertMailbox(t, userId, {
      smtpPort: sink.port,
      minEmailGap: 0,
      maxEmailGap: 1,
    });
    const { groupId } = await createList(call, 'Repliers', ['replies@client.test']);
    const id = (await call('POST', '/campaigns', { name: 'Replied', status: 'paused' })).json().id;
    await call('PATCH', `/campaigns/${id}/settings`, {
      ...settingsWith([mailboxId]),
      min_email_gap: 0,
      max_email_gap: 1,
    });
    await call('PATCH', `/campaigns/${id}`, {
      customer_group_id: groupId,
      schedules: [allDaySchedule],
      steps: [firstStep, { subject: 'Next', body: '<p>Next</p>', email_gap: 1 }],
      status: 'active',
    });
    now = new Date(now.getTime() + 60 * 60_000);
    await tickAndSend();
    const [first] = await sendRows(id);
    expect(first?.status).toBe('sent');
    expect(await recordReply(t.db, ['<not-ours@x.test>'], now)).toBe(false);
    expect(await recordReply(t.db, ['<other@x.test>', first?.messageId ?? ''], now)).toBe(true);
    now = new Date(now.getTime() + 2 * 86_400_000);
    await tickAndSend();
    expect((await sendRows(id)).map((row) => row.step)).toEqual([0]);
    expect((await call('GET', `/campaigns/${id}`)).json().stats).toMatchObject({
      sent: 1,
      replied: 1,
    });
  });
});

describe('reconciliation after a crash', () => {
  let imap: RunningServer;
  const account = { user: 'crash@sender.test', password: 'imap-secret' };

  beforeAll(async () => {
    imap = await startImapServer([account]);
  }, 600_000);
  afterAll(() => imap?.stop());

  it("marks rows left in 'sending' sent when the Sent folder holds them, 'unknown' otherwise, and never resends", async () => {
    const mailboxId = await insertMailbox(t, userId, {
      email: account.user,
      password: account.password,
      smtpPort: sink.port,
      imapPort: imap.port,
    });
    const { groupId, customerIds } = await createList(call, 'Crash list', [
      'one@client.test',
      'two@client.test',
    ]);
    const created = await call('POST', '/campaigns', { name: 'Crashed', status: 'paused' });
    const campaignId = created.json().id;
    await call('PATCH', `/campaigns/${campaignId}`, {
      customer_group_id: groupId,
      steps: [firstStep],
    });
    const inSent = newMessageId(account.user);
    const lost = newMessageId(account.user);
    const sendingAt = new Date(now.getTime() - STUCK_AFTER_MS - 60_000);
    const [one, two] = customerIds;
    for (const [customerId, messageId] of [
      [one, inSent],
      [two, lost],
    ] as const) {
      await t.db.insert(campaignSends).values({
        userId,
        campaignId,
        customerId: customerId ?? '',
        step: 0,
        mailboxId,
        messageId,
        status: 'sending',
        scheduledAt: sendingAt,
        sendingAt,
      });
      await t.db.insert(campaignContacts).values({
        campaignId,
        customerId: customerId ?? '',
        userId,
        mailboxId,
        lastStep: 0,
        state: 'waiting',
      });
    }
    // The provider filed the first message in Sent before the worker died.
    const client = await signInToImap(imap, account);
    await client.mailboxCreate('Sent').catch(() => undefined);
    await client.append(
      'Sent',
      `From: ${account.user}\r\nTo: one@client.test\r\nSubject: Hello\r\nMessage-ID: ${inSent}\r\n\r\nHi\r\n`,
      ['\\Seen'],
    );
    await client.logout();

    const totals = await reconcileStuckSends({
      db: t.db,
      now: () => now,
      connections: t.mailConnections,
    });
    expect(totals).toEqual({ sent: 1, unknown: 1 });
    const rows = await sendRows(campaignId);
    expect(Object.fromEntries(rows.map((row) => [row.messageId, row.status]))).toEqual({
      [inSent]: 'sent',
      [lost]: 'unknown',
    });
    // Neither is ever claimed again.
    const before = sink.messages.length;
    for (const row of rows) expect((await sendOne(deps, row.id)).status).toBe('skipped');
    expect(sink.messages.length).toBe(before);
    const states = await t.db.execute<{ state: string }>(
      sql`select state from campaign_contacts where campaign_id = ${campaignId} order by state`,
    );
    expect(states.rows.map((row) => row.state)).toEqual(['ready', 'stopped']);
  });
});

describe('a connection that breaks while sending', () => {
  it('after the whole message went out: never sent again, left for the Sent folder to tell; before it: tried again', async () => {
    const mailboxId = await insertMailbox(t, userId, {
      email: 'broken@sender.test',
      smtpPort: sink.port,
      minEmailGap: 0,
      maxEmailGap: 1,
    });
    const { groupId } = await createList(call, 'Broken links', [
      'drop@client.test',
      'cut@client.test',
    ]);
    const id = (await call('POST', '/campaigns', { name: 'Broken', status: 'paused' })).json().id;
    await call('PATCH', `/campaigns/${id}/settings`, {
      ...settingsWith([mailboxId]),
      min_email_gap: 0,
      max_email_gap: 1,
    });
    await call('PATCH', `/campaigns/${id}`, {
      customer_group_id: groupId,
      schedules: [allDaySchedule],
      steps: [firstStep],
      status: 'active',
    });
    now = new Date(now.getTime() + 10 * 60_000);
    await tickAndSend();
    const customerEmail = async (customerId: string) =>
      (await t.db.select().from(customers).where(eq(customers.id, customerId)))[0]?.email;
    const statusOf = async () => {
      const rows = await sendRows(id);
      return Object.fromEntries(
        await Promise.all(rows.map(async (row) => [await customerEmail(row.customerId), row])),
      ) as Record<string, typeof campaignSends.$inferSelect>;
    };
    const first = await statusOf();
    expect(first['drop@client.test']?.status).toBe('sending');
    expect(first['cut@client.test']?.status).toBe('queued');

    now = new Date(now.getTime() + 15 * 60_000);
    await sendOne(deps, first['drop@client.test']?.id ?? '');
    await tickAndSend();
    const received = (address: string) =>
      sink.messages.filter((message) => message.to.includes(address)).length;
    expect(received('drop@client.test')).toBe(1);
    expect((await statusOf())['drop@client.test']?.status).toBe('sending');
  });
});

describe('a contact taken off the campaign’s list', () => {
  it('gets no further step; the others on the list go on', async () => {
    const mailboxId = await insertMailbox(t, userId, {
      email: 'offlist@sender.test',
      smtpPort: sink.port,
      minEmailGap: 0,
      maxEmailGap: 1,
    });
    const { groupId, customerIds } = await createList(call, 'Off the list', [
      'stays@client.test',
      'leaves@client.test',
    ]);
    const id = (await call('POST', '/campaigns', { name: 'Off list', status: 'paused' })).json().id;
    await call('PATCH', `/campaigns/${id}/settings`, {
      ...settingsWith([mailboxId]),
      min_email_gap: 0,
      max_email_gap: 1,
    });
    await call('PATCH', `/campaigns/${id}`, {
      customer_group_id: groupId,
      schedules: [allDaySchedule],
      steps: [firstStep, { subject: 'Second', body: '<p>Again</p>', email_gap: 1 }],
      status: 'active',
    });
    now = new Date(now.getTime() + 10 * 60_000);
    await tickAndSend();
    expect((await sendRows(id)).map((row) => [row.step, row.status])).toEqual([
      [0, 'sent'],
      [0, 'sent'],
    ]);
    const [, leaves] = customerIds;
    const removed = await call('PATCH', `/groups/${groupId}/del-users`, { customer_ids: [leaves] });
    expect(removed.statusCode, removed.body).toBe(200);

    now = new Date(now.getTime() + 86_400_000 + 60_000);
    await tickAndSend();
    const second = (await sendRows(id)).filter((row) => row.step === 1);
    expect(second.map((row) => row.customerId)).toEqual([customerIds[0]]);
  });
});

describe('a mailbox whose login the SMTP server refuses', () => {
  it('is marked in error and sends nothing more; its contacts are not stopped, and go out once it is fixed', async () => {
    const mailboxId = await insertMailbox(t, userId, {
      email: 'locked@sender.test',
      smtpPort: sink.port,
      minEmailGap: 0,
      maxEmailGap: 1,
    });
    const { groupId } = await createList(call, 'Locked out', [
      'one@locked.test',
      'two@locked.test',
    ]);
    const id = (await call('POST', '/campaigns', { name: 'Locked', status: 'paused' })).json().id;
    await call('PATCH', `/campaigns/${id}/settings`, {
      ...settingsWith([mailboxId]),
      min_email_gap: 0,
      max_email_gap: 1,
    });
    await call('PATCH', `/campaigns/${id}`, {
      customer_group_id: groupId,
      schedules: [allDaySchedule],
      steps: [firstStep],
      status: 'active',
    });
    now = new Date(now.getTime() + 10 * 60_000);
    await tickAndSend();
    const mailbox = async () =>
      (await t.db.select().from(mailboxes).where(eq(mailboxes.id, mailboxId)))[0];
    expect(await mailbox()).toMatchObject({ status: 'error' });
    expect((await mailbox())?.statusMessage).toMatch(/^SMTP: 535 /);
    expect(await sendRows(id)).toEqual([]);
    const contactsOf = () =>
      t.db.select().from(campaignContacts).where(eq(campaignContacts.campaignId, id));
    expect(await contactsOf()).toEqual([]);
    now = new Date(now.getTime() + 10 * 60_000);
    expect(await tickAndSend()).toEqual([]);

    // The user enters the right login; the check passes.
    await t.db
      .update(mailboxes)
      .set({ email: 'unlocked@sender.test', status: 'active', updatedAt: now })
      .where(eq(mailboxes.id, mailboxId));
    now = new Date(now.getTime() + 10 * 60_000);
    await tickAndSend();
    expect((await sendRows(id)).map((row) => row.status)).toEqual(['sent', 'sent']);
  });
});

// A campaign of one new mailbox at the sink and the list, started; settings beside the kit's.
async function startCampaign(name: string, groupId: string, settings: object = {}) {
  const mailboxId = await insertMailbox(t, userId, {
    email: `${name.toLowerCase()}@sender.test`,
    smtpPort: sink.port,
    minEmailGap: 0,
    maxEmailGap: 1,
  });
  const id = (await call('POST', '/campaigns', { name, status: 'paused' })).json().id as string;
  await call('PATCH', `/campaigns/${id}/settings`, {
    ...settingsWith([mailboxId]),
    min_email_gap: 0,
    max_email_gap: 1,
    ...settings,
  });
  const started = await call('PATCH', `/campaigns/${id}`, {
    customer_group_id: groupId,
    schedules: [allDaySchedule],
    steps: [firstStep],
    status: 'active',
  });
  expect(started.statusCode, started.body).toBe(200);
  return id;
}

// The do-not-email list (issue 25): the tick plans nothing for a listed address or domain, a
// send planned before the entry came is withdrawn, and an SMTP bounce puts the address on it.
describe('the do-not-email list', () => {
  const recipientsAfter = (count: number) =>
    sink.messages
      .slice(count)
      .flatMap((message) => message.to)
      .sort();

  it('never mails a listed address or any address at a listed domain', async () => {
    await call('POST', '/suppression', { entries: ['Listed@Client.test', '@blocked.test'] });
    const before = sink.messages.length;
    const { groupId } = await createList(call, 'Suppressed', [
      'listed@client.test',
      'bo@blocked.test',
      'cy@client.test',
      'di@sub.blocked.test',
    ]);
    const id = await startCampaign('Suppressed', groupId);
    for (let tick = 0; tick < 3; tick += 1) {
      now = new Date(now.getTime() + 60_000);
      await tickAndSend();
    }
    // Not even planned: the tick leaves them out.
    expect(await sendRows(id)).toHaveLength(2);
    // A whole domain is that domain; a subdomain is a domain of its own.
    expect(recipientsAfter(before)).toEqual(['cy@client.test', 'di@sub.blocked.test']);
  });

  it('withdraws a send planned before its address was listed', async () => {
    const before = sink.messages.length;
    const id = await startCampaign(
      'Late',
      (await createList(call, 'Late', ['late@client.test'])).groupId,
    );
    now = new Date(now.getTime() + 60_000);
    const queued = await runTick(t.db, now, seededRandom(4));
    expect(queued).toHaveLength(1);
    await call('POST', '/suppression', { entries: ['late@client.test'] });
    expect(await sendOne(deps, queued[0]?.id ?? '')).toEqual({ status: 'skipped' });
    expect(recipientsAfter(before)).toEqual([]);
    expect(await sendRows(id)).toEqual([]);
  });

  it('lists an address its server refused for good, as a bounce', async () => {
    await startCampaign(
      'Refused',
      (await createList(call, 'Refused', ['bounce-me@client.test'])).groupId,
    );
    now = new Date(now.getTime() + 60_000);
    await tickAndSend();
    const page = await call('GET', '/suppression?key=bounce-me');
    expect(page.json().entries).toMatchObject([
      { entry: 'bounce-me@client.test', source: 'bounce' },
    ]);
  });
});

// Bounce protection (issue 25): the tick leaves out an address whose latest verdict (Email
// Verifier, bulk or a single search: searched-verdict.test.ts) is invalid, and an accept_all or
// unknown one unless the campaign includes risky addresses; an address never verified goes out.
// A send planned before the verdict came is withdrawn at its claim.
describe('verdicts on the addresses of a campaign', () => {
  // What the checks say does not matter here, only the status.
  const verdict = verdictWith;
  // Each verdict stored as its feature stores it: its own row, and the user's latest verdict
  // on the address (the tick reads only that), judged when its lookup began (`at`).
  async function verifiedAt(
    email: string,
    status: VerifyStatus,
    reason: string,
    at: Date,
    owner = userId,
  ) {
    await t.db.insert(verifications).values({
      id: randomUUID(),
      userId: owner,
      email,
      status,
      verdict: verdict(email, status, reason),
      createdAt: at,
      settledAt: at,
    });
    await saveVerdict(t.db, owner, verdict(email, status, reason), at);
  }
  // A bulk row's verdict becomes the user's only when its result is bought.
  async function bulkVerdict(
    email: string,
    status: VerifyStatus,
    reason: string,
    at: Date,
    bought = true,
  ) {
    const requestId = randomUUID();
    await t.db.insert(bulkRequests).values({
      id: requestId,
      userId,
      fileName: 'list.csv',
      header: ['email'],
      total: 1,
      held: 0,
      status: 'completed',
      createdAt: at,
    });
    await t.db.insert(bulkRows).values({
      requestId,
      rowIndex: 0,
      chunk: 0,
      cells: [email],
      query: { kind: 'verify', email },
      state: 'done',
      score: 0,
      verdict: verdict(email, status, reason),
      judgedAt: at,
    });
    if (bought) {
      await t.db.insert(bulkPurchases).values({ id: randomUUID(), requestId, userId, credits: 0 });
      await saveBoughtVerdicts(t.db, requestId);
    }
  }
  const recipientsAfter = (count: number) =>
    sink.messages
      .slice(count)
      .flatMap((message) => message.to)
      .sort();

  it('skips an invalid address, sends accept_all only with Include risky addresses, and sends an address never verified', async () => {
    const earlier = new Date('2030-01-01T00:00:00Z');
    const later = new Date('2030-02-01T00:00:00Z');
    await verifiedAt('gone@judged.test', 'invalid', verifyReasons.rejected, later);
    await bulkVerdict('Catch@Judged.test', 'accept_all', verifyReasons.acceptAll, later);
    await verifiedAt('maybe@judged.test', 'unknown', verifyReasons.noAnswer, later);
    // The latest verdict counts: a bulk row called it invalid, a later verification valid.
    await bulkVerdict('back@judged.test', 'invalid', verifyReasons.rejected, earlier);
    await verifiedAt('back@judged.test', 'valid', verifyReasons.valid, later);
    // Out of order: a bulk row judged before the verification, written after it, is stale.
    await verifiedAt('stale@judged.test', 'invalid', verifyReasons.rejected, later);
    await bulkVerdict('stale@judged.test', 'valid', verifyReasons.valid, earlier);
    // Another user's verdict is theirs alone.
    const other = await mailUser(t);
    await verifiedAt('fresh@judged.test', 'invalid', verifyReasons.rejected, later, other.id);
    // A bulk result not bought tells nothing (the review's 1a, session 12).
    await bulkVerdict('unbought@judged.test', 'invalid', verifyReasons.rejected, later, false);
    const before = sink.messages.length;
    const { groupId } = await createList(call, 'Judged', [
      'gone@judged.test',
      'catch@judged.test',
      'maybe@judged.test',
      'back@judged.test',
      'fresh@judged.test',
      'stale@judged.test',
      'unbought@judged.test',
    ]);
    const id = await startCampaign('Judged', groupId);
    for (let tick = 0; tick < 3; tick += 1) {
      now = new Date(now.getTime() + 60_000);
      await tickAndSend();
    }
    expect(recipientsAfter(before)).toEqual([
      'back@judged.test',
      'fresh@judged.test',
      'unbought@judged.test',
    ]);
    expect(await sendRows(id)).toHaveLength(3);
    // The campaign's contacts (its list) say why.
    const skipped = async () =>
      Object.fromEntries(
        (await call('GET', `/groups/${groupId}/extended`))
          .json()
          .customers.map((contact: { email: string; skipped: string | null }) => [
            contact.email,
            contact.skipped,
          ]),
      );
    expect(await skipped()).toEqual({
      'gone@judged.test':
        'Skipped: the address is invalid (the mail server rejected this address: it does not exist)',
      'catch@judged.test':
        'Skipped: risky address (accept-all); tick Include risky addresses to send',
      'maybe@judged.test': 'Skipped: risky address (unknown); tick Include risky addresses to send',
      'back@judged.test': null,
      'fresh@judged.test': null,
      'stale@judged.test':
        'Skipped: the address is invalid (the mail server rejected this address: it does not exist)',
      'unbought@judged.test': null,
    });

    const [mailboxId] = (await call('GET', `/campaigns/${id}`)).json().mailbox_ids as string[];
    const saved = await call('PATCH', `/campaigns/${id}/settings`, {
      ...settingsWith([mailboxId ?? '']),
      min_email_gap: 0,
      max_email_gap: 1,
      include_risky: true,
    });
    expect(saved.json().settings.include_risky).toBe(true);
    expect(await skipped()).toMatchObject({
      'gone@judged.test': expect.stringContaining('invalid'),
      'catch@judged.test': null,
      'maybe@judged.test': null,
      'stale@judged.test': expect.stringContaining('invalid'),
    });
    for (let tick = 0; tick < 3; tick += 1) {
      now = new Date(now.getTime() + 60_000);
      await tickAndSend();
    }
    expect(recipientsAfter(before)).toEqual([
      'back@judged.test',
      'catch@judged.test',
      'fresh@judged.test',
      'maybe@judged.test',
      'unbought@judged.test',
    ]);
  });

  it('withdraws a send planned before its address was judged, as the do-not-email list does', async () => {
    const before = sink.messages.length;
    const id = await startCampaign(
      'Judged late',
      (await createList(call, 'Judged late', ['late@judged.test', 'risky@judged.test'])).groupId,
    );
    now = new Date(now.getTime() + 60_000);
    const queued = await runTick(t.db, now, seededRandom(4));
    expect(queued).toHaveLength(2);
    // The verdicts come in between the tick and the sends.
    await verifiedAt('late@judged.test', 'invalid', verifyReasons.rejected, now);
    await bulkVerdict('risky@judged.test', 'accept_all', verifyReasons.acceptAll, now);
    for (const send of queued) expect(await sendOne(deps, send.id)).toEqual({ status: 'skipped' });
    expect(recipientsAfter(before)).toEqual([]);
    expect(await sendRows(id)).toEqual([]);
  });
});

describe('bounce protection at send time (issue 25)', () => {
  // A campaign (bounce threshold 10 %) whose list has `first`, then `then` added later, so
  // that they go out in that order (gaps of 1 or 2 seconds: each send has its own time); the
  // sink refuses addresses starting with "bounce" for good. Every planned send is sent.
  async function sendInOrder(name: string, first: string[], then: string[]) {
    const { groupId } = await createList(call, name, first);
    const later = await createList(call, `${name} later`, then);
    await call('PATCH', `/groups/${groupId}/add-users`, { customer_ids: later.customerIds });
    const id = await startCampaign(name, groupId, {
      min_email_gap: 1,
      max_email_gap: 2,
      bounce_threshold: 10,
    });
    now = new Date(now.getTime() + 60_000);
    const queued = await runTick(t.db, now, seededRandom(8));
    expect(queued).toHaveLength(first.length + then.length);
    for (const send of queued.sort((a, b) => a.at.getTime() - b.at.getTime())) {
      await sendOne(deps, send.id);
    }
    return id;
  }

  // Paused at 3 bounces of 20 sends (15 %), what was still queued withdrawn unsent.
  async function expectPausedAtThreeOfTwenty(id: string) {
    const campaign = (await call('GET', `/campaigns/${id}`)).json();
    expect(campaign).toMatchObject({ status: 'paused' });
    expect(campaign.paused_reason).toMatch(
      /^Paused automatically: 3 of the last 20 e-mails bounced/,
    );
    expect((await sendRows(id)).map((row) => row.status).sort()).toEqual([
      ...Array(3).fill('bounced'),
      ...Array(17).fill('sent'),
    ]);
  }

  const addresses = (local: string, count: number, domain: string) =>
    Array.from({ length: count }, (_, index) => `${local}${index}@${domain}`);

  it('pauses the campaign when its SMTP refusals pass its threshold, and withdraws what was still queued', async () => {
    // A window is judged at each bounce once it holds 20 sends: the third refusal, the 20th
    // send, pauses; the fourth is withdrawn.
    const id = await sendInOrder(
      'Guarded',
      addresses('fine', 17, 'guarded.test'),
      addresses('bounce', 4, 'guarded.test'),
    );
    await expectPausedAtThreeOfTwenty(id);
  });

  it('pauses the campaign at the send that fills its window, when the bounces came first', async () => {
    // Three refusals among the first sends: too few sends to judge at each bounce. The good
    // sends after them bring no bounce to look again at, yet the 20th makes 3 of 20.
    const id = await sendInOrder(
      'Early',
      addresses('bounce', 3, 'early.test'),
      addresses('fine', 20, 'early.test'),
    );
    await expectPausedAtThreeOfTwenty(id);
  });
});
