import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { mailUser } from '../contacts/contacts.test-kit.ts';
import {
  deliverToInbox,
  type RunningServer,
  startImapServer,
} from '../mailboxes/mail-servers.test-kit.ts';
import { headersOf, type SmtpSink, startSmtpSink } from '../sender/smtp-sink.test-kit.ts';
import { replyMail } from '../unibox/messages.test-kit.ts';
import { inboxThreads } from '../unibox/schema.ts';
import {
  allDaySchedule,
  createList,
  firstStep,
  insertMailbox,
  settingsWith,
} from './campaigns.test-kit.ts';
import { campaignTickQueue, inboxTickQueue } from './start-sending.ts';

const account = { user: 'sales@start.test', password: 'imap-secret' };
let t: TestContext;
let sink: SmtpSink;
let imap: RunningServer;

beforeAll(async () => {
  [sink, imap] = await Promise.all([startSmtpSink(), startImapServer([account])]);
  t = await createTestContext({ jobs: true, env: { MAIL_ALLOW_PRIVATE_HOSTS: 'true' } });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([sink?.stop(), imap?.stop()]);
});

async function waitFor<T>(check: () => Promise<T | undefined>): Promise<T | undefined> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((done) => setTimeout(done, 100));
  }
  return undefined;
}

it('pressing Start sends the first e-mail and files a quick reply at once, without waiting for the minute’s ticks', async () => {
  const jobs = t.jobs;
  if (!jobs) throw new Error('jobs are on in this test');
  // Without the minute's ticks, only the start itself can send and read the inbox.
  await jobs.boss.unschedule(campaignTickQueue);
  await jobs.boss.unschedule(inboxTickQueue);

  const { call, id: userId } = await mailUser(t);
  const mailboxId = await insertMailbox(t, userId, {
    email: account.user,
    password: account.password,
    smtpPort: sink.port,
    imapPort: imap.port,
    minEmailGap: 0,
    maxEmailGap: 1,
  });
  const { groupId } = await createList(call, 'Start leads', ['ann@client.test']);
  const campaignId = (await call('POST', '/campaigns', { name: 'Start', status: 'paused' })).json()
    .id;
  await call('PATCH', `/campaigns/${campaignId}/settings`, settingsWith([mailboxId]));
  const started = await call('PATCH', `/campaigns/${campaignId}`, {
    customer_group_id: groupId,
    schedules: [allDaySchedule],
    steps: [firstStep],
    status: 'active',
  });
  expect(started.statusCode, started.body).toBe(200);

  const sent = await waitFor(async () => sink.messages[0]);
  expect(sent?.to).toEqual(['ann@client.test']);

  await deliverToInbox(
    imap.port,
    account,
    replyMail({
      from: 'ann@client.test',
      to: account.user,
      inReplyTo: headersOf(sent?.raw ?? '')['message-id'] ?? '',
      text: 'Yes, tell me more',
    }),
  );
  const threads = await waitFor(async () => {
    const rows = await t.db
      .select({ status: inboxThreads.status })
      .from(inboxThreads)
      .where(eq(inboxThreads.campaignId, campaignId));
    return rows.length > 0 ? rows : undefined;
  });
  expect(threads).toEqual([{ status: 'replied' }]);
}, 60_000); // its two waits allow 30 s each
