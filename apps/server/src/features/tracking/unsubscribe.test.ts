import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkTokens, type LinkTokens } from '../../platform/link-tokens.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { createList, insertMailbox } from '../campaigns/campaigns.test-kit.ts';
import { type MailCall, mailUser } from '../contacts/contacts.test-kit.ts';
import { customers } from '../contacts/schema.ts';
import { campaignSends } from '../sender/schema.ts';
import { createWebhookEvents } from '../webhooks/emit.ts';
import {
  addWebhook,
  callAs,
  queuedDeliveries,
  type Receiver,
  startReceiver,
} from '../webhooks/webhooks.test-kit.ts';
import { type UnsubscribedSend, unsubscribeContact } from './unsubscribe.ts';

// contact.unsubscribed is told once per campaign and contact, however many ways (link, survey,
// spam complaint) and steps they unsubscribe by, and when two of them commit at the same time.
let t: TestContext;
let receiver: Receiver;
let tokens: LinkTokens;
let user: { id: string; token: string; call: MailCall };
let campaignId: string;

beforeAll(async () => {
  [t, receiver] = await Promise.all([
    createTestContext({ jobs: true, env: { WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true' } }),
    startReceiver(),
  ]);
  user = await mailUser(t);
  await addWebhook(callAs(t, user.token), receiver.url, ['contact.unsubscribed']);
  tokens = createLinkTokens(t.config.tracking.secret);
  const mailboxId = await insertMailbox(t, user.id);
  const { customerIds } = await createList(user.call, 'Leads', [
    'ann@client.test',
    'bob@client.test',
  ]);
  campaignId = (
    await user.call('POST', '/campaigns', { name: 'Two steps', status: 'paused' })
  ).json().id;
  // Each lead got both steps (the sender's own tests send them; here only the rows matter).
  for (const customerId of customerIds) {
    for (const step of [0, 1]) {
      await t.db.insert(campaignSends).values({
        userId: user.id,
        campaignId,
        customerId,
        step,
        mailboxId,
        messageId: `<${customerId}.${step}@sender.test>`,
        status: 'sent',
        scheduledAt: new Date(),
        sentAt: new Date(),
      });
    }
  }
}, 600_000);
afterAll(async () => {
  await receiver?.stop();
  await t?.close();
});

async function sendOf(email: string, step: number): Promise<UnsubscribedSend> {
  const [send] = await t.db
    .select({
      id: campaignSends.id,
      userId: campaignSends.userId,
      campaignId: campaignSends.campaignId,
      customerId: campaignSends.customerId,
    })
    .from(campaignSends)
    .innerJoin(customers, eq(customers.id, campaignSends.customerId))
    .where(
      and(
        eq(campaignSends.campaignId, campaignId),
        eq(customers.email, email),
        eq(campaignSends.step, step),
      ),
    );
  if (!send) throw new Error(`no step ${step} to ${email}`);
  return send;
}

function oneClick(send: UnsubscribedSend) {
  const token = tokens.sign({ kind: 'unsubscribe', sendId: send.id });
  return t.app.inject({
    method: 'POST',
    url: `/api/mail/campaigns/unsubscribe/one-click?mlsr=${token}`,
  });
}

const events = () => createWebhookEvents({ db: t.db, clock: t.clock, jobs: t.jobs });

function complain(send: UnsubscribedSend, before: () => Promise<void> = async () => undefined) {
  return t.db.transaction(async (tx) => {
    await unsubscribeContact(tx, send, { source: 'complaint' }, events());
    await before();
  });
}

// The webhook deliveries queued for the contact: they exist exactly when the event does.
const toldAbout = async (email: string) =>
  (await queuedDeliveries(t, 'contact.unsubscribed')).filter((to) => to === email).length;

describe('contact.unsubscribed, once per campaign and contact', () => {
  it('a spam complaint about the first e-mail after a one-click on the follow-up tells no one again', async () => {
    const response = await oneClick(await sendOf('ann@client.test', 1));
    expect(response.statusCode, response.body).toBe(200);
    expect(await toldAbout('ann@client.test')).toBe(1);
    await complain(await sendOf('ann@client.test', 0));
    expect(await toldAbout('ann@client.test')).toBe(1);
  });

  it('a one-click and a spam complaint committing at the same time are told once', async () => {
    // Bob is on the do-not-email list by hand already: nothing else they write waits for the other.
    const listed = await user.call('POST', '/suppression', { entries: ['bob@client.test'] });
    expect(listed.statusCode, listed.body).toBe(201);
    const [first, followUp] = [
      await sendOf('bob@client.test', 0),
      await sendOf('bob@client.test', 1),
    ];
    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => {
      release = done;
    });
    // The complaint is written but not committed when the one-click comes.
    let written: () => void = () => undefined;
    const isWritten = new Promise<void>((done) => {
      written = done;
    });
    const complained = complain(first, async () => {
      written();
      await held;
    });
    await isWritten;
    const clicked = oneClick(followUp);
    // The one-click either finishes (nothing held it) or waits for the complaint's lock.
    await Promise.race([clicked, waitingForLock()]);
    release();
    await complained;
    expect((await clicked).statusCode).toBe(200);
    expect(await toldAbout('bob@client.test')).toBe(1);
  });
});

// Until a session of this database waits for a lock held by another.
async function waitingForLock(): Promise<void> {
  for (;;) {
    const rows = await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`);
    if ((rows.rows[0]?.n ?? 0) > 0) return;
    await new Promise((done) => setTimeout(done, 20));
  }
}
