import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-context.ts';
import {
  createList,
  firstStep,
  insertMailbox,
  startCampaign,
} from '../campaigns/campaigns.test-kit.ts';
import type { MailCall } from '../contacts/contacts.test-kit.ts';
import { customers } from '../contacts/schema.ts';
import { deliverToInbox } from '../mailboxes/mail-servers.test-kit.ts';
import { campaignContacts, campaignSends } from '../sender/schema.ts';
import { type InboxWorld, startInboxWorld } from './inbox.test-kit.ts';
import {
  feedbackReportMail,
  minimalFeedbackReport,
  someoneElsesMessage,
} from './messages.test-kit.ts';
import { syncMailboxOnce } from './sync.ts';

// Spam complaints (issue 25): mailbox providers' feedback reports (RFC 5965) put in a real
// IMAP INBOX and read by the sync, as the RFC 3464 bounce tests in sync.test.ts do.
let world: InboxWorld;
let t: TestContext;
let call: MailCall;
let now = new Date('2030-03-04T10:00:00Z');
const account = { user: 'sales@sender.test', password: 'imap-secret' };
const fbl = 'feedback@fbl.client.test';
const leads = ['ann', 'bob', 'cat', 'dan', 'eve'].map((name) => `${name}@client.test`);

beforeAll(async () => {
  world = await startInboxWorld([account], () => now);
  ({ t, call } = world);
}, 600_000);
afterAll(async () => world?.close());

// Reports arriving in the mailbox's INBOX, and one read of it.
async function receive(...messages: string[]) {
  await deliverToInbox(world.imap.port, account, ...messages);
  return syncMailboxOnce(world.deps, mailboxId);
}

// A provider's report to our mailbox (RFC 5965 B.2).
const report = (fields: Omit<Parameters<typeof feedbackReportMail>[0], 'from' | 'to'>) =>
  feedbackReportMail({ from: fbl, to: account.user, ...fields });

// The message as it reached the lead, as a provider returns it in its report.
function sentTo(email: string): string {
  const message = world.sink.messages.find((sent) => sent.to[0] === email);
  if (!message) throw new Error(`nothing sent to ${email}`);
  return message.raw;
}

// A relay that rewrote the Message-ID on the way: the report names none of ours.
const withForeignId = (raw: string) =>
  raw.replace(/^Message-ID: .*$/im, 'Message-ID: <rewritten-1@relay.example>');

async function suppressed() {
  const page = (await call('GET', '/suppression?page=1&count=50')).json() as {
    entries: { entry: string; source: string }[];
  };
  return Object.fromEntries(page.entries.map((row) => [row.entry, row.source]));
}

let mailboxId: string;
let campaignId: string;

describe('spam complaints read from the INBOX', () => {
  async function stateOf(email: string) {
    const [row] = await t.db
      .select({ state: campaignContacts.state, stopReason: campaignContacts.stopReason })
      .from(campaignContacts)
      .innerJoin(customers, eq(customers.id, campaignContacts.customerId))
      .where(and(eq(campaignContacts.campaignId, campaignId), eq(customers.email, email)));
    return row;
  }

  const unsubscribedCount = async () =>
    ((await call('GET', `/campaigns/${campaignId}`)).json() as { stats: { unsubscribed: number } })
      .stats.unsubscribed;

  it('a complaint about a campaign e-mail puts the lead on the do-not-email list as a complaint, stops their sequence and counts as an unsubscribe', async () => {
    mailboxId = await insertMailbox(t, world.userId, {
      email: account.user,
      password: account.password,
      smtpPort: world.sink.port,
      imapPort: world.imap.port,
      minEmailGap: 0,
      maxEmailGap: 1,
    });
    const { groupId } = await createList(call, 'Leads', leads);
    campaignId = await startCampaign(call, {
      name: 'Spring',
      mailboxIds: [mailboxId],
      groupId,
      steps: [firstStep, { subject: 'Next', body: '<p>Again, {{first_name}}</p>', email_gap: 1 }],
    });
    expect(await world.tickAndSend()).toBe(5);

    // RFC 5965 B.2: the returned message is ours, by its Message-ID.
    const filed = await receive(
      report({
        recipient: 'ann@client.test',
        returned: sentTo('ann@client.test'),
      }),
    );
    expect(filed).toEqual({ filed: 1, idled: false });
    expect(await suppressed()).toEqual({ 'ann@client.test': 'complaint' });
    expect(await stateOf('ann@client.test')).toEqual({
      state: 'stopped',
      stopReason: 'complained',
    });
    expect(await unsubscribedCount()).toBe(1);
    // Not a conversation: the Unibox shows no thread for it.
    const threads = await call('GET', `/unibox/threads?campaign_id=${campaignId}`);
    expect(threads.statusCode, threads.body).toBe(200);
    expect(threads.json().threads).toEqual([]);
  });

  it('a report naming none of our Message-IDs is matched by our List-Unsubscribe token, or by its recipient and the mailbox it came to', async () => {
    const filed = await receive(
      // Headers only, the Message-ID rewritten and the recipient redacted (RFC 6590): our
      // signed List-Unsubscribe link still names the send.
      report({
        returned: withForeignId(sentTo('bob@client.test')),
        headersOnly: true,
      }),
      // Neither our Message-ID nor our headers: the recipient it names, written to from this
      // mailbox.
      report({
        recipient: 'cat@client.test',
        returned: someoneElsesMessage,
      }),
    );
    expect(filed).toEqual({ filed: 2, idled: false });
    expect(await suppressed()).toEqual({
      'ann@client.test': 'complaint',
      'bob@client.test': 'complaint',
      'cat@client.test': 'complaint',
    });
    expect(await stateOf('bob@client.test')).toEqual({
      state: 'stopped',
      stopReason: 'complained',
    });
    expect(await stateOf('cat@client.test')).toEqual({
      state: 'stopped',
      stopReason: 'complained',
    });
    expect(await unsubscribedCount()).toBe(3);
  });

  it('changes nothing for a report about mail that is not ours, nor for feedback that is not a complaint', async () => {
    const filed = await receive(
      // RFC 5965 B.1 as written: someone else's spam, no recipient.
      minimalFeedbackReport,
      // A recipient we never wrote to.
      report({
        recipient: 'zed@client.test',
        returned: someoneElsesMessage,
      }),
      // Our e-mail to Dan, reported as not spam.
      report({
        type: 'not-spam',
        recipient: 'dan@client.test',
        returned: sentTo('dan@client.test'),
      }),
    );
    expect(filed).toEqual({ filed: 3, idled: false });
    expect(Object.keys(await suppressed())).toHaveLength(3);
    expect(await stateOf('dan@client.test')).toEqual({ state: 'ready', stopReason: null });
    expect(await unsubscribedCount()).toBe(3);
  });

  it('a second report on the same e-mail adds nothing, and no campaign writes to a complainer again', async () => {
    const filed = await receive(
      report({
        recipient: 'ann@client.test',
        returned: sentTo('ann@client.test'),
      }),
    );
    expect(filed).toEqual({ filed: 1, idled: false });
    expect(await receive()).toEqual({ filed: 0, idled: false });
    expect(Object.keys(await suppressed())).toHaveLength(3);
    expect(await unsubscribedCount()).toBe(3);

    // Two days on the follow-up goes to Dan and Eve only.
    now = new Date(now.getTime() + 2 * 86_400_000);
    const before = world.sink.messages.length;
    await world.tickAndSend();
    expect(
      world.sink.messages
        .slice(before)
        .map((message) => message.to[0])
        .sort(),
    ).toEqual(['dan@client.test', 'eve@client.test']);
    const followUps = await t.db
      .select({ id: campaignSends.id })
      .from(campaignSends)
      .where(and(eq(campaignSends.campaignId, campaignId), eq(campaignSends.step, 1)));
    expect(followUps).toHaveLength(2);
  });
});
