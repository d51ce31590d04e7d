import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { mailUser } from '../contacts/test-kit.ts';
import { type SmtpSink, startSmtpSink } from '../sender/test-smtp-sink.ts';
import { campaignTickQueue } from './start-sending.ts';
import { allDaySchedule, createList, firstStep, insertMailbox, settingsWith } from './test-kit.ts';

let t: TestContext;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestContext({ jobs: true, env: { MAIL_ALLOW_PRIVATE_HOSTS: 'true' } });
});
afterAll(async () => {
  await t?.close();
  await sink?.stop();
});

it('pressing Start sends the first e-mail at once, without waiting for the minute’s tick', async () => {
  const jobs = t.jobs;
  if (!jobs) throw new Error('jobs are on in this test');
  // Without the minute's tick, only the start itself can send.
  await jobs.boss.unschedule(campaignTickQueue);

  const { call, id: userId } = await mailUser(t);
  const mailboxId = await insertMailbox(t, userId, {
    email: 'sales@start.test',
    smtpPort: sink.port,
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

  for (let attempt = 0; attempt < 300 && sink.messages.length === 0; attempt += 1) {
    await new Promise((done) => setTimeout(done, 100));
  }
  expect(sink.messages.map((message) => message.to)).toEqual([['ann@client.test']]);
});
