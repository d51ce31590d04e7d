import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createList, startCampaign } from '../campaigns/campaigns.test-kit.ts';
import { customers } from '../contacts/schema.ts';
import { deliverToInbox, type MailAccount } from '../mailboxes/mail-servers.test-kit.ts';
import { campaignSends } from '../sender/schema.ts';
import { type InboxWorld, startInboxWorld } from './inbox.test-kit.ts';
import { feedbackReportMail } from './messages.test-kit.ts';
import { syncMailboxOnce } from './sync.ts';

// Complaint protection: spam complaints (RFC 5965 feedback reports put in a real IMAP INBOX
// and read by the sync) pause the campaign and stop its mailbox, as bounces do (issue 25).
let world: InboxWorld;
const now = new Date('2030-03-04T10:00:00Z');
const small = { user: 'sales@small.test', password: 'imap-secret' };
const big = { user: 'team@big.test', password: 'imap-secret-2' };
const fbl = 'feedback@fbl.client.test';

beforeAll(async () => {
  world = await startInboxWorld([small, big], () => now);
}, 600_000);
afterAll(async () => world?.close());

// A provider's report on the e-mail with this Message-ID, in the mailbox's INBOX, and one read.
async function complain(at: MailAccount, mailboxId: string, ...messageIds: string[]) {
  const reports = messageIds.map((messageId) =>
    feedbackReportMail({
      from: fbl,
      to: at.user,
      returned: [
        `From: Sales <${at.user}>`,
        'To: <lead@client.test>',
        'Subject: Hello',
        `Message-ID: ${messageId}`,
        '',
        'Hi, a short note.',
      ].join('\r\n'),
    }),
  );
  await deliverToInbox(world.imap.port, at, ...reports);
  expect(await syncMailboxOnce(world.deps, mailboxId)).toEqual({
    filed: messageIds.length,
    idled: false,
  });
}

const campaignOf = async (id: string) =>
  (await world.call('GET', `/campaigns/${id}`)).json() as {
    status: string;
    paused_reason: string | null;
  };
const mailboxOf = async (id: string) =>
  (await world.call('GET', `/mailboxes/${id}`)).json() as {
    status: string;
    sending_paused_reason: string | null;
  };

describe('complaint protection', () => {
  it('pauses a small campaign at its second complaint and stops its mailbox for every campaign, saying why', async () => {
    const mailboxId = await world.addMailbox(world.userId, small);
    const leads = ['ann', 'bob', 'cat', 'dan', 'eve'].map((name) => `${name}@small.test`);
    const { groupId } = await createList(world.call, 'Small list', leads);
    const campaignId = await startCampaign(world.call, {
      name: 'Small',
      mailboxIds: [mailboxId],
      groupId,
    });
    // Another campaign sends from the same mailbox.
    const others = await createList(world.call, 'Other list', ['fay@small.test']);
    await startCampaign(world.call, {
      name: 'Other',
      mailboxIds: [mailboxId],
      groupId: others.groupId,
    });
    expect(await world.tickAndSend()).toBe(6);
    const sent = await world.t.db
      .select({ messageId: campaignSends.messageId })
      .from(campaignSends)
      .where(eq(campaignSends.campaignId, campaignId))
      .orderBy(campaignSends.scheduledAt);
    const [first, second] = sent.map((row) => row.messageId);

    // One complaint in 5 e-mails says nothing yet.
    await complain(small, mailboxId, first ?? '');
    expect(await campaignOf(campaignId)).toMatchObject({ status: 'active', paused_reason: null });
    expect((await mailboxOf(mailboxId)).sending_paused_reason).toBeNull();

    await complain(small, mailboxId, second ?? '');
    const reason =
      'Paused automatically: 2 spam complaints about the last 5 e-mails (40 %), above the 0.3 % limit. Check who the campaign writes to and what it says, then resume it.';
    expect(await campaignOf(campaignId)).toMatchObject({ status: 'paused', paused_reason: reason });
    const list = (await world.call('GET', '/campaigns/list')).json() as {
      campaigns: { id: string; paused_reason: string | null }[];
    };
    expect(list.campaigns.find((item) => item.id === campaignId)?.paused_reason).toBe(reason);
    expect(await mailboxOf(mailboxId)).toMatchObject({
      status: 'active',
      sending_paused_reason:
        'Sending paused: 2 spam complaints about its last 6 e-mails (33.33 %), above the 0.3 % limit. Check the lists it sends to, then click Resume sending.',
    });
    // The mailbox also sent the other campaign's e-mail. That campaign, still active, writes to
    // no new lead from the stopped mailbox.
    const later = await createList(world.call, 'Later', ['gus@small.test']);
    await world.call('PATCH', `/groups/${others.groupId}/add-users`, {
      customer_ids: later.customerIds,
    });
    expect(await world.tickAndSend()).toBe(0);
  });

  it("judges a larger campaign's complaints over its last 1,000 e-mails, at the campaign's own threshold", async () => {
    const mailboxId = await world.addMailbox(world.userId, big);
    const { groupId } = await createList(world.call, 'Big list', ['zed@big.test']);
    const campaignId = await startCampaign(world.call, {
      name: 'Big',
      mailboxIds: [mailboxId],
      groupId,
    });
    const settings = (await world.call('GET', `/campaigns/${campaignId}`)).json().settings;
    const saveThreshold = (complaint_threshold: unknown) =>
      world.call('PATCH', `/campaigns/${campaignId}/settings`, {
        ...settings,
        mailbox_ids: [mailboxId],
        complaint_threshold,
      });
    // A threshold out of range is refused in words and changes nothing.
    const refused = await saveThreshold(5.5);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(
      'Enter a percentage from 0 to 5, with at most one decimal (such as 0.3).',
    );
    expect((await world.call('GET', `/campaigns/${campaignId}`)).json().settings).toMatchObject({
      complaint_threshold: 0.3,
    });
    const saved = await saveThreshold(0.4);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings.complaint_threshold).toBe(0.4);

    // The campaign's history: 1,200 e-mails sent from this mailbox over the last weeks.
    const history = Array.from({ length: 1200 }, (_, index) => ({
      customerId: randomUUID(),
      messageId: `<history-${index}@big.test>`,
      at: new Date(now.getTime() - (1200 - index) * 600_000),
    }));
    await world.t.db.insert(customers).values(
      history.map((row, index) => ({
        id: row.customerId,
        userId: world.userId,
        email: `lead${index}@big.test`,
        fname: `Lead${index}`,
        lname: 'Big',
      })),
    );
    await world.t.db.insert(campaignSends).values(
      history.map((row) => ({
        userId: world.userId,
        campaignId,
        customerId: row.customerId,
        mailboxId,
        step: 0,
        messageId: row.messageId,
        status: 'sent' as const,
        scheduledAt: row.at,
        sendingAt: row.at,
        sentAt: row.at,
      })),
    );
    const ids = history.map((row) => row.messageId);

    // Four complaints about the last 1,000 (0.4 %, at the threshold, not above it), and one
    // about an e-mail older than those, which counts no more.
    await complain(big, mailboxId, ids[10] ?? '', ...ids.slice(300, 304));
    expect(await campaignOf(campaignId)).toMatchObject({ status: 'active', paused_reason: null });
    expect((await mailboxOf(mailboxId)).sending_paused_reason).toBeNull();

    await complain(big, mailboxId, ids[1100] ?? '');
    expect(await campaignOf(campaignId)).toMatchObject({
      status: 'paused',
      paused_reason:
        'Paused automatically: 5 spam complaints about the last 1,000 e-mails (0.5 %), above the 0.4 % limit. Check who the campaign writes to and what it says, then resume it.',
    });
    expect(await mailboxOf(mailboxId)).toMatchObject({
      status: 'active',
      sending_paused_reason:
        'Sending paused: 5 spam complaints about its last 1,000 e-mails (0.5 %), above the 0.4 % limit. Check the lists it sends to, then click Resume sending.',
    });
  });
});
