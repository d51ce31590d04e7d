import { type WebhookEventBody, type WebhookEventType, webhookEvents } from '@mailhound/contracts';
import { type MailLab, startMailLab } from '@mailhound/mail-lab';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLinkTokens } from '../../platform/link-tokens.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { toCsv, upload } from '../bulk/bulk.test-kit.ts';
import {
  allDaySchedule,
  createList,
  firstStep,
  insertMailbox,
  settingsWith,
} from '../campaigns/campaigns.test-kit.ts';
import { pauseCampaign } from '../campaigns/index.ts';
import { campaigns } from '../campaigns/schema.ts';
import { seedDemoCompanies } from '../companies/demo-seed.ts';
import { type MailCall, mailUser } from '../contacts/contacts.test-kit.ts';
import { customers } from '../contacts/schema.ts';
import { putOnPaidPlan, uploadList } from '../lookalike/lookalike.test-kit.ts';
import {
  deliverToInbox,
  type RunningServer,
  startImapServer,
} from '../mailboxes/mail-servers.test-kit.ts';
import { labEnv } from '../search/search.test-kit.ts';
import { campaignSends } from '../sender/schema.ts';
import { type SmtpSink, startSmtpSink } from '../sender/smtp-sink.test-kit.ts';
import { deliveryReportMail, feedbackReportMail, replyMail } from '../unibox/messages.test-kit.ts';
import { syncMailboxOnce } from '../unibox/sync.ts';
import { createWebhookEvents } from './emit.ts';
import {
  addWebhook,
  callAs,
  queuedDeliveries,
  type Receiver,
  startReceiver,
  verifiedEvent,
} from './webhooks.test-kit.ts';

// Each event, triggered where it happens for real, reaches a loopback receiver signed with the
// webhook's secret and shaped as contracts' webhook-events.ts says.
let lab: MailLab;
let t: TestContext;
let receiver: Receiver;
let imap: RunningServer;
let sink: SmtpSink;
let user: { id: string; token: string; call: MailCall };
let secret: string;
const account = { user: 'sales@sender.test', password: 'imap-secret' };

beforeAll(async () => {
  lab = await startMailLab({
    hosts: [{ name: 'mx.acme.test', address: '127.0.7.2' }],
    domains: [
      { name: 'acme.test', mx: [{ priority: 10, host: 'mx.acme.test' }], mailboxes: ['ann.lee'] },
    ],
  });
  [t, receiver, imap, sink] = await Promise.all([
    createTestContext({
      jobs: true,
      env: labEnv(lab, { MAIL_ALLOW_PRIVATE_HOSTS: 'true', WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true' }),
    }),
    startReceiver(),
    startImapServer([account]),
    startSmtpSink(),
  ]);
  user = await mailUser(t);
  const created = await addWebhook(callAs(t, user.token), receiver.url, [...webhookEvents]);
  secret = created.secret;
}, 600_000);
afterAll(async () => {
  await sink?.stop();
  await imap?.stop();
  await receiver?.stop();
  await t?.close();
  await lab?.close();
});

// The deliveries of one event type so far, each checked for its signature and shape.
function received<Type extends WebhookEventType>(type: Type) {
  return receiver.received
    .map((delivery) => verifiedEvent(delivery, secret))
    .filter((event): event is Extract<WebhookEventBody, { type: Type }> => event.type === type);
}

async function nextEvent<Type extends WebhookEventType>(type: Type, count = 1) {
  return vi.waitFor(
    () => {
      const events = received(type);
      if (events.length < count) throw new Error(`${type}: ${events.length} of ${count}`);
      return events[count - 1] as Extract<WebhookEventBody, { type: Type }>;
    },
    { timeout: 60_000, interval: 100 },
  );
}

// The Unibox sync as its worker runs it, with the same port the workers are given.
function syncWithWebhooks(mailboxId: string) {
  return syncMailboxOnce(
    {
      db: t.db,
      connections: t.mailConnections,
      tokens: createLinkTokens(t.config.tracking.secret),
      publicUrl: t.config.publicUrl,
      now: () => new Date(),
      webhookEvents: createWebhookEvents({ db: t.db, clock: t.clock, jobs: t.jobs }),
    },
    mailboxId,
  );
}

describe('webhook events, each from where it happens', () => {
  it('bulk.completed when a bulk search job finishes', async () => {
    const csv = toCsv([
      ['First Name', 'Last Name', 'Company Website'],
      ['Ann', 'Lee', 'acme.test'],
      ['Zed', 'Nobody', 'acme.test'],
    ]);
    const response = await upload(t.app, user.token, 'leads.csv', csv);
    expect(response.statusCode, response.body).toBe(201);
    const requestId = (response.json() as { requestId: string }).requestId;
    const event = await nextEvent('bulk.completed');
    expect(event.data).toMatchObject({
      bulk_id: requestId,
      name: 'leads.csv',
      total: 2,
      found: 1,
      verified: 1,
    });
  });

  it('lookalike.completed when a look-alike job finishes', async () => {
    await seedDemoCompanies(t.db);
    await putOnPaidPlan(t.db, user.id, { credits: 10, leadSearches: 5 });
    const peers = await t.db.execute<{ domain: string }>(sql`
      select domain from companies where industry = 'computer_software' order by id limit 3`);
    const csv = `company\n${peers.rows.map((row) => row.domain).join('\n')}\n`;
    const response = await uploadList(t.app, user.token, 'peers.csv', csv);
    expect(response.statusCode, response.body).toBe(201);
    const requestId = (response.json() as { requestId: string }).requestId;
    const event = await nextEvent('lookalike.completed');
    expect(event.data).toMatchObject({ lookalike_id: requestId, name: 'peers.csv' });
    expect(event.data.total).toBeGreaterThan(0);
  }, 120_000);

  let mailboxId: string;
  let campaignId: string;
  const sendIds: Record<string, { id: string; messageId: string }> = {};

  it('email.replied and email.bounced when the Unibox files a reply and a bounce report, and email.bounced when an address is refused as it is sent', async () => {
    mailboxId = await insertMailbox(t, user.id, {
      email: account.user,
      password: account.password,
      smtpPort: sink.port,
      imapPort: imap.port,
      minEmailGap: 0,
      maxEmailGap: 1,
    });
    const leads = ['ann@client.test', 'bob@client.test', 'gone@client.test'];
    // The sink refuses this one at RCPT TO (550): bounced as it is sent.
    const refused = 'bounce@client.test';
    const { groupId } = await createList(user.call, 'Leads', [...leads, refused]);
    campaignId = (await user.call('POST', '/campaigns', { name: 'Spring' })).json().id;
    await user.call('PATCH', `/campaigns/${campaignId}/settings`, {
      ...settingsWith([mailboxId]),
      min_email_gap: 0,
      max_email_gap: 1,
    });
    const started = await user.call('PATCH', `/campaigns/${campaignId}`, {
      customer_group_id: groupId,
      schedules: [allDaySchedule],
      steps: [firstStep],
      status: 'active',
    });
    expect(started.statusCode, started.body).toBe(200);
    // The sender's workers send the first step to the three leads.
    await vi.waitFor(
      async () => {
        const sends = await t.db
          .select({
            id: campaignSends.id,
            messageId: campaignSends.messageId,
            email: customers.email,
          })
          .from(campaignSends)
          .innerJoin(customers, eq(customers.id, campaignSends.customerId))
          .where(eq(campaignSends.campaignId, campaignId));
        const sent = sends.filter((send) => sink.messages.some((m) => m.to[0] === send.email));
        if (sent.length < leads.length) throw new Error(`${sent.length} sent`);
        for (const send of sent) sendIds[send.email] = { id: send.id, messageId: send.messageId };
      },
      { timeout: 60_000, interval: 200 },
    );

    const to = account.user;
    await deliverToInbox(
      imap.port,
      account,
      replyMail({
        from: 'ann@client.test',
        to,
        inReplyTo: sendIds['ann@client.test']?.messageId ?? '',
        text: 'Yes, tell me more.',
      }),
      deliveryReportMail({
        from: 'MAILER-DAEMON@mx.client.test',
        to,
        recipient: 'gone@client.test',
        original: sendIds['gone@client.test']?.messageId ?? '',
      }),
    );
    await syncWithWebhooks(mailboxId);

    const replied = await nextEvent('email.replied');
    expect(replied.data).toMatchObject({
      campaign_id: campaignId,
      email: 'ann@client.test',
      subject: 'Re: Hello',
      snippet: 'Yes, tell me more.',
    });
    const bouncedEvents = await nextEvent('email.bounced', 2).then(() => received('email.bounced'));
    const bounced = bouncedEvents.find((event) => event.data.email === 'gone@client.test');
    expect(bounced?.data.campaign_id).toBe(campaignId);
    expect(bounced?.data.thread_id).toEqual(expect.any(String));
    expect(bounced?.data.thread_id).not.toBe(replied.data.thread_id);
    // The address refused at send time is told too, with no thread (no report was filed).
    const refusedEvent = bouncedEvents.find((event) => event.data.email === refused);
    expect(refusedEvent?.data).toMatchObject({ campaign_id: campaignId, thread_id: null });
    expect(bouncedEvents).toHaveLength(2);
  }, 120_000);

  it('contact.unsubscribed when a lead uses the unsubscribe link, once', async () => {
    const token = createLinkTokens(t.config.tracking.secret).sign({
      kind: 'unsubscribe',
      sendId: sendIds['bob@client.test']?.id ?? '',
    });
    for (let click = 0; click < 2; click += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/mail/campaigns/unsubscribe/one-click?mlsr=${token}`,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const event = await nextEvent('contact.unsubscribed');
    expect(event.data).toMatchObject({ campaign_id: campaignId, email: 'bob@client.test' });
  });

  it('contact.unsubscribed when the Unibox files a spam complaint (RFC 5965), once per campaign and contact', async () => {
    const report = (email: string) =>
      feedbackReportMail({
        from: 'feedback@fbl.client.test',
        to: account.user,
        recipient: email,
        returned: sink.messages.find((message) => message.to[0] === email)?.raw ?? '',
      });
    // Ann complains; Bob, who unsubscribed by the link from the same e-mail, too.
    await deliverToInbox(
      imap.port,
      account,
      report('ann@client.test'),
      report('bob@client.test'),
      report('ann@client.test'),
    );
    await syncWithWebhooks(mailboxId);
    // Once per e-mail: Bob's link before, Ann's first report now; Bob's report and Ann's
    // second one queued nothing (the sync has committed, so the queue is final).
    expect(await queuedDeliveries(t, 'contact.unsubscribed')).toEqual([
      'bob@client.test',
      'ann@client.test',
    ]);
    const event = await nextEvent('contact.unsubscribed', 2);
    expect(event.data).toMatchObject({ campaign_id: campaignId, email: 'ann@client.test' });
    // Every queued delivery has arrived, and none twice.
    expect(received('contact.unsubscribed').map((told) => told.data.email)).toEqual([
      'bob@client.test',
      'ann@client.test',
    ]);
    // Two complaints about its few e-mails paused the campaign (complaint protection) and
    // stopped the mailbox's sending: the user resumes the mailbox, then the campaign.
    expect((await nextEvent('campaign.paused')).data).toMatchObject({
      campaign_id: campaignId,
      reason: 'automatic',
      detail: expect.stringMatching(/^Paused automatically: 2 spam complaints about the last/),
    });
    expect((await user.call('POST', `/mailboxes/${mailboxId}/resume`)).statusCode).toBe(200);
    const resumed = await user.call('PATCH', `/campaigns/${campaignId}`, { status: 'active' });
    expect(resumed.statusCode, resumed.body).toBe(200);
  });

  it('campaign.paused when the user pauses a campaign, and when deleting its mailbox does', async () => {
    const paused = await user.call('PATCH', `/campaigns/${campaignId}`, { status: 'paused' });
    expect(paused.statusCode, paused.body).toBe(200);
    expect((await nextEvent('campaign.paused', 2)).data).toEqual({
      campaign_id: campaignId,
      name: 'Spring',
      reason: 'manual',
      detail: null,
    });

    await user.call('PATCH', `/campaigns/${campaignId}`, { status: 'active' });
    const deleted = await user.call('DELETE', `/mailboxes/${mailboxId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await nextEvent('campaign.paused', 3)).data).toEqual({
      campaign_id: campaignId,
      name: 'Spring',
      reason: 'automatic',
      detail: 'Its last active mailbox was deleted.',
    });
    // The repeated one-click and the repeated complaints before told no one twice.
    expect(received('contact.unsubscribed')).toHaveLength(2);
  });

  it('campaign.paused when bounce protection pauses a campaign, its reason as the detail', async () => {
    const id = (await user.call('POST', '/campaigns', { name: 'Guarded' })).json().id as string;
    // As if it had been started: bounce protection pauses only an active campaign.
    await t.db.update(campaigns).set({ status: 'active' }).where(eq(campaigns.id, id));
    const events = createWebhookEvents({ db: t.db, clock: t.clock, jobs: t.jobs });
    const reason = 'Paused: 3 of the last 20 sends bounced (15 %), above 5 %.';
    await t.db.transaction((tx) => pauseCampaign(tx, id, reason, events));
    const told = await vi.waitFor(
      () => {
        const found = received('campaign.paused').find((e) => e.data.campaign_id === id);
        if (!found) throw new Error('not told yet');
        return found;
      },
      { timeout: 60_000, interval: 100 },
    );
    expect(told.data).toEqual({
      campaign_id: id,
      name: 'Guarded',
      reason: 'automatic',
      detail: reason,
    });
  });
});
