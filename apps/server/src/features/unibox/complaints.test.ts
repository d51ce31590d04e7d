import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-context.ts';
import { createList, firstStep, startCampaign } from '../campaigns/campaigns.test-kit.ts';
import { type MailCall, mailUser } from '../contacts/contacts.test-kit.ts';
import { customers } from '../contacts/schema.ts';
import { deliverToInbox, type MailAccount } from '../mailboxes/mail-servers.test-kit.ts';
import { campaignContacts, campaignSends, unsubscribes } from '../sender/schema.ts';
import { suppressions } from '../suppression/schema.ts';
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
// The same user's second mailbox, sending for another campaign.
const second = { user: 'team@sender.test', password: 'imap-secret-2' };
const fbl = 'feedback@fbl.client.test';
const leads = ['ann', 'bob', 'cat', 'dan', 'eve'].map((name) => `${name}@client.test`);

beforeAll(async () => {
  world = await startInboxWorld([account, second], () => now);
  ({ t, call } = world);
}, 600_000);
afterAll(async () => world?.close());

// Reports arriving in a mailbox's INBOX, and one read of it.
async function receive(...messages: string[]) {
  return receiveAt(account, mailboxId, ...messages);
}
async function receiveAt(at: MailAccount, id: string, ...messages: string[]) {
  await deliverToInbox(world.imap.port, at, ...messages);
  return syncMailboxOnce(world.deps, id);
}

// A provider's report to our mailbox (RFC 5965 B.2).
const report = (fields: Omit<Parameters<typeof feedbackReportMail>[0], 'from' | 'to'>) =>
  feedbackReportMail({ from: fbl, to: account.user, ...fields });

// The message as it reached the lead, as a provider returns it in its report: the first sent to
// the address, or the one with the given Message-ID.
function sentTo(email: string, messageId?: string): string {
  const message = world.sink.messages.find(
    (sent) => sent.to[0] === email && (!messageId || sent.raw.includes(`Message-ID: ${messageId}`)),
  );
  if (!message) throw new Error(`nothing sent to ${email}`);
  return message.raw;
}

// Without our List-Unsubscribe headers (a provider that returns a trimmed copy): only its
// Message-ID names the send.
const withoutToken = (raw: string) =>
  raw.replace(/^List-Unsubscribe(-Post)?:.*\r?\n([ \t].*\r?\n)*/gim, '');

// A relay that rewrote the Message-ID on the way: the report names none of ours.
const withForeignId = (raw: string) =>
  raw.replace(/^Message-ID: .*$/im, 'Message-ID: <rewritten-1@relay.example>');

async function suppressed(as: MailCall = call) {
  const page = (await as('GET', '/suppression?page=1&count=50')).json() as {
    entries: { entry: string; source: string }[];
  };
  return Object.fromEntries(page.entries.map((row) => [row.entry, row.source]));
}

// The rows a complaint writes for one of a user's contacts, counted: a repeat must add none.
async function rowsFor(userId: string, email: string) {
  const [unsubscribed] = await world.t.db
    .select({ n: count() })
    .from(unsubscribes)
    .innerJoin(customers, eq(customers.id, unsubscribes.customerId))
    .where(and(eq(unsubscribes.userId, userId), eq(sql`lower(${customers.email})`, email)));
  const [listed] = await world.t.db
    .select({ n: count() })
    .from(suppressions)
    .where(and(eq(suppressions.userId, userId), eq(suppressions.entry, email)));
  return { unsubscribes: unsubscribed?.n, suppressions: listed?.n };
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
    mailboxId = await world.addMailbox(world.userId, account);
    const { groupId } = await createList(call, 'Leads', leads);
    campaignId = await startCampaign(call, {
      name: 'Spring',
      mailboxIds: [mailboxId],
      groupId,
      steps: [firstStep, { subject: 'Next', body: '<p>Again, {{first_name}}</p>', email_gap: 1 }],
    });
    expect(await world.tickAndSend()).toBe(5);

    // RFC 5965 B.2: the returned message is ours by its Message-ID alone (no recipient named,
    // no List-Unsubscribe header returned).
    const filed = await receive(report({ returned: withoutToken(sentTo('ann@client.test')) }));
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

  it('a report naming none of our Message-IDs is matched by our List-Unsubscribe token, never by the recipient it names', async () => {
    const filed = await receive(
      // Headers only, the Message-ID rewritten and the recipient redacted (RFC 6590): our
      // signed List-Unsubscribe link still names the send.
      report({
        returned: withForeignId(sentTo('bob@client.test')),
        headersOnly: true,
      }),
      // Neither our Message-ID nor our token, only a lead's address as its recipient: anyone
      // can write that, so it unsubscribes no one.
      report({
        recipient: 'cat@client.test',
        returned: someoneElsesMessage,
      }),
    );
    expect(filed).toEqual({ filed: 2, idled: false });
    expect(await suppressed()).toEqual({
      'ann@client.test': 'complaint',
      'bob@client.test': 'complaint',
    });
    expect(await stateOf('bob@client.test')).toEqual({
      state: 'stopped',
      stopReason: 'complained',
    });
    expect(await stateOf('cat@client.test')).toEqual({ state: 'ready', stopReason: null });
    expect(await rowsFor(world.userId, 'cat@client.test')).toEqual({
      unsubscribes: 0,
      suppressions: 0,
    });
    expect(await unsubscribedCount()).toBe(2);
  });

  it('a report that reaches another mailbox of the same user is matched by the Message-ID all the same', async () => {
    // The user's second mailbox sends for another campaign (so its INBOX is read) and gets a
    // report about Eve's e-mail, which went out from the first mailbox only.
    const secondId = await world.addMailbox(world.userId, second);
    const { groupId } = await createList(call, 'Others', ['gus@client.test']);
    await startCampaign(call, { name: 'Other', mailboxIds: [secondId], groupId });
    expect(await world.tickAndSend()).toBe(1);
    const filed = await receiveAt(
      second,
      secondId,
      feedbackReportMail({
        from: fbl,
        to: second.user,
        returned: withoutToken(sentTo('eve@client.test')),
      }),
    );
    expect(filed).toEqual({ filed: 1, idled: false });
    expect((await suppressed())['eve@client.test']).toBe('complaint');
    expect(await stateOf('eve@client.test')).toEqual({
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
    // Ann's and Bob's complaints (2 of 5 e-mails) paused the campaign and stopped its mailbox
    // (complaint protection): the user resumes the mailbox's sending, then the campaign.
    expect((await call('GET', `/campaigns/${campaignId}`)).json().status).toBe('paused');
    expect((await call('POST', `/mailboxes/${mailboxId}/resume`)).statusCode).toBe(200);
    const resumed = await call('PATCH', `/campaigns/${campaignId}`, { status: 'active' });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(await rowsFor(world.userId, 'ann@client.test')).toEqual({
      unsubscribes: 1,
      suppressions: 1,
    });
    const filed = await receive(
      report({
        recipient: 'ann@client.test',
        returned: sentTo('ann@client.test'),
      }),
    );
    expect(filed).toEqual({ filed: 1, idled: false });
    expect(await receive()).toEqual({ filed: 0, idled: false });
    expect(await rowsFor(world.userId, 'ann@client.test')).toEqual({
      unsubscribes: 1,
      suppressions: 1,
    });
    expect(Object.keys(await suppressed())).toHaveLength(3);
    expect(await unsubscribedCount()).toBe(3);
    // A repeat is no new complaint: the resumed campaign goes on.
    expect((await call('GET', `/campaigns/${campaignId}`)).json().status).toBe('active');

    // Two days on the follow-up goes to Cat and Dan only.
    now = new Date(now.getTime() + 2 * 86_400_000);
    const before = world.sink.messages.length;
    await world.tickAndSend();
    expect(
      world.sink.messages
        .slice(before)
        .map((message) => message.to[0])
        .sort(),
    ).toEqual(['cat@client.test', 'dan@client.test']);
    const followUps = await t.db
      .select({ id: campaignSends.id })
      .from(campaignSends)
      .where(and(eq(campaignSends.campaignId, campaignId), eq(campaignSends.step, 1)));
    expect(followUps).toHaveLength(2);
  });

  it("a report on another user's e-mail changes nothing for this user, even in a mailbox both connected, and only the owner's data for the owner", async () => {
    // Another user connects the same address (mailboxes are unique per user) and writes to
    // leads of the same addresses, their own contacts.
    const other = await mailUser(t);
    const otherMailboxId = await world.addMailbox(other.id, account);
    const { groupId } = await createList(other.call, 'Theirs', leads.slice(0, 5));
    const otherCampaignId = await startCampaign(other.call, {
      name: 'Theirs',
      mailboxIds: [otherMailboxId],
      groupId,
    });
    expect(await world.tickAndSend()).toBe(5);
    const theirs = await t.db
      .select({ email: customers.email, messageId: campaignSends.messageId })
      .from(campaignSends)
      .innerJoin(customers, eq(customers.id, campaignSends.customerId))
      .where(eq(campaignSends.campaignId, otherCampaignId));
    const theirMail = (email: string) =>
      sentTo(email, theirs.find((row) => row.email === email)?.messageId ?? 'none');
    const danBefore = await stateOf('dan@client.test');

    const filed = await receive(
      // Their e-mail to Dan, by its Message-ID and their token, naming Dan, a lead of ours too.
      report({ recipient: 'dan@client.test', returned: theirMail('dan@client.test') }),
      // Their token alone, on their e-mail to Eve.
      report({ returned: withForeignId(theirMail('eve@client.test')), headersOnly: true }),
    );
    expect(filed).toEqual({ filed: 2, idled: false });
    expect(await suppressed()).toEqual({
      'ann@client.test': 'complaint',
      'bob@client.test': 'complaint',
      'eve@client.test': 'complaint',
    });
    expect(await rowsFor(world.userId, 'dan@client.test')).toEqual({
      unsubscribes: 0,
      suppressions: 0,
    });
    expect(await stateOf('dan@client.test')).toEqual(danBefore);
    expect(await unsubscribedCount()).toBe(3);

    // Their sync reads the same INBOX, every report in it: only the two about their e-mails
    // are theirs (those about ours, Ann's naming her as recipient, change nothing for them).
    await syncMailboxOnce(world.deps, otherMailboxId);
    expect(await suppressed(other.call)).toEqual({
      'dan@client.test': 'complaint',
      'eve@client.test': 'complaint',
    });
    expect(await rowsFor(other.id, 'ann@client.test')).toEqual({
      unsubscribes: 0,
      suppressions: 0,
    });
  });
});
