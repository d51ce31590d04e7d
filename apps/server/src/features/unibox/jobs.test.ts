import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { createList, firstStep, insertMailbox } from '../campaigns/campaigns.test-kit.ts';
import { campaignMailboxes } from '../campaigns/schema.ts';
import { mailUser } from '../contacts/contacts.test-kit.ts';
import {
  type RunningServer,
  signInToImap,
  startImapServer,
} from '../mailboxes/mail-servers.test-kit.ts';
import { campaignSends } from '../sender/schema.ts';
import { inboxSyncQueue, queueInboxSyncs } from './jobs.ts';
import { replyMail } from './messages.test-kit.ts';
import { inboxThreads, mailboxSyncState } from './schema.ts';

let t: TestContext;
let imap: RunningServer;
const account = { user: 'jobs@sender.test', password: 'imap-secret' };

beforeAll(async () => {
  imap = await startImapServer([account]);
  t = await createTestContext({
    jobs: true,
    env: { MAIL_ALLOW_PRIVATE_HOSTS: 'true', INBOX_IDLE_SECONDS: '0' },
  });
}, 600_000);
afterAll(async () => {
  await t?.close();
  await imap?.stop();
});

it('the inbox-sync queue takes one job per mailbox, and the job files the reply', async () => {
  const { call, id: userId } = await mailUser(t);
  const mailboxId = await insertMailbox(t, userId, {
    email: account.user,
    password: account.password,
    imapPort: imap.port,
  });
  const { customerIds } = await createList(call, 'Job leads', ['ann@client.test']);
  const campaignId = (await call('POST', '/campaigns', { name: 'Jobs', status: 'paused' })).json()
    .id;
  await call('PATCH', `/campaigns/${campaignId}`, { steps: [firstStep] });
  const messageId = '<job-test@sender.test>';
  await t.db.insert(campaignSends).values({
    userId,
    campaignId,
    customerId: customerIds[0] ?? '',
    step: 0,
    mailboxId,
    messageId,
    status: 'sent',
    scheduledAt: new Date(),
    sentAt: new Date(),
  });
  const client = await signInToImap(imap, account);
  await client.append(
    'INBOX',
    replyMail({ from: 'ann@client.test', to: account.user, inReplyTo: messageId, text: 'Yes' }),
  );
  await client.logout();

  const jobs = t.jobs;
  if (!jobs) throw new Error('jobs are on in this test');
  // A mailbox read a moment ago by polling waits for the interval, and is queued once.
  const polled = await insertMailbox(t, userId, { email: 'polled@sender.test' });
  await t.db.insert(campaignMailboxes).values({ campaignId, mailboxId: polled, userId });
  await t.db.insert(mailboxSyncState).values({ mailboxId: polled, lastSyncedAt: new Date() });
  expect(await queueInboxSyncs(jobs, t.db, new Date(), 60)).toBe(1);
  expect(await queueInboxSyncs(jobs, t.db, new Date(), 60)).toBe(0);

  await t.db.insert(campaignMailboxes).values({ campaignId, mailboxId, userId });
  expect(await queueInboxSyncs(jobs, t.db, new Date(), 60)).toBe(1);
  let threads: (typeof inboxThreads.$inferSelect)[] = [];
  for (let attempt = 0; attempt < 200 && threads.length === 0; attempt += 1) {
    await new Promise((done) => setTimeout(done, 100));
    threads = await t.db.select().from(inboxThreads).where(eq(inboxThreads.campaignId, campaignId));
  }
  expect(threads.map((thread) => thread.status)).toEqual(['replied']);
});

it('a read whose worker died frees its mailbox at the next supervision, not when the job expires', async () => {
  const { call, id: userId } = await mailUser(t);
  const mailboxId = await insertMailbox(t, userId, { email: 'died@sender.test' });
  const campaignId = (await call('POST', '/campaigns', { name: 'Died', status: 'paused' })).json()
    .id;
  await t.db.insert(campaignMailboxes).values({ campaignId, mailboxId, userId });
  // Read a moment ago by polling: the next read waits a minute, and no worker takes it first.
  await t.db.insert(mailboxSyncState).values({ mailboxId, lastSyncedAt: new Date() });
  const jobs = t.jobs;
  if (!jobs) throw new Error('jobs are on in this test');
  const statesOfItsJobs = async () =>
    (
      await t.db.execute<{ state: string }>(sql`
        select state from pgboss.job
        where name = ${inboxSyncQueue} and singleton_key = ${mailboxId} order by created_on`)
    ).rows.map((row) => row.state);
  await queueInboxSyncs(jobs, t.db, new Date(), 60);
  // A worker took it two minutes ago and was killed.
  await t.db.execute(sql`
    update pgboss.job set state = 'active', start_after = now() - interval '2 minutes',
      started_on = now() - interval '2 minutes', heartbeat_on = now() - interval '2 minutes'
    where name = ${inboxSyncQueue} and singleton_key = ${mailboxId}`);
  await queueInboxSyncs(jobs, t.db, new Date(Date.now() + 60_000), 60);
  expect(await statesOfItsJobs()).toEqual(['active']);

  await jobs.boss.supervise(inboxSyncQueue);
  await queueInboxSyncs(jobs, t.db, new Date(Date.now() + 60_000), 60);
  expect(await statesOfItsJobs()).toEqual(['failed', 'created']);
});
