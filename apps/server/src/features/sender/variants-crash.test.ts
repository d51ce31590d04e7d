import type { ChildProcess } from 'node:child_process';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-context.ts';
import { createList, insertMailbox, startCampaign } from '../campaigns/campaigns.test-kit.ts';
import { mailUser } from '../contacts/contacts.test-kit.ts';
import { customers } from '../contacts/schema.ts';
import { type CrashRun, startCrashRun, workerExited } from './crash-run.test-kit.ts';
import { reconcileStuckSends } from './reconcile.ts';
import { campaignSends } from './schema.ts';
import { seededRandom } from './seeded-random.ts';
import { headersOf } from './smtp-sink.test-kit.ts';
import { runTick } from './tick.ts';

// A/B variants across a SIGKILLed worker and a pause (issue 25): the real tick plans, worker
// processes send, and the split must come out exact with every contact on its first variant.
const CONTACTS = 31;
const subjects = ['Variant A', 'Variant B', 'Variant C'];
const account = { user: 'ab-crash@sender.test', password: 'imap-secret' };

let t: TestContext;
let run: CrashRun;
// The ticks' clock: yesterday, so that every planned send is due for the workers (which run on
// the wall clock) and the campaign's all-day window never closes at midnight in between.
const today = new Date();
let now = new Date(
  Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - 14 * 3_600_000,
);
const random = seededRandom(25);

beforeAll(async () => {
  run = await startCrashRun(account);
  t = run.t;
}, 600_000);
afterAll(() => run?.stop());

// A campaign whose one step has three variants, to CONTACTS new contacts, from one mailbox whose
// gaps (25–35 s) let a tick plan two or three sends: the split has to go on across ticks.
async function abCampaign(name: string) {
  const { id: userId, call } = await mailUser(t);
  const mailboxId = await insertMailbox(t, userId, {
    email: account.user,
    password: account.password,
    smtpPort: run.sink.port,
    imapPort: run.imapPort,
    emailsLimit: 50,
    minEmailGap: 25,
    maxEmailGap: 35,
  });
  const emails = Array.from({ length: CONTACTS }, (_, index) => `${name}${index}@ab.test`);
  const { groupId } = await createList(call, name, emails);
  const variant = (subject: string) => ({ subject, body: `<p>${subject} for {{first_name}}</p>` });
  const campaignId = await startCampaign(call, {
    name,
    mailboxIds: [mailboxId],
    groupId,
    steps: [
      {
        ...variant(subjects[0] as string),
        variants: subjects.slice(1).map(variant),
        email_gap: 0,
      },
    ],
  });
  // Each contact's variant when a tick first planned its send.
  const firstPlanned = new Map<string, number>();
  const rows = () =>
    t.db
      .select({
        email: customers.email,
        variant: campaignSends.variant,
        status: campaignSends.status,
        messageId: campaignSends.messageId,
      })
      .from(campaignSends)
      .innerJoin(customers, eq(customers.id, campaignSends.customerId))
      .where(and(eq(campaignSends.campaignId, campaignId), eq(campaignSends.step, 0)));
  // One tick a minute later than the last; returns how many sends the campaign has.
  const tick = async () => {
    await runTick(t.db, now, random);
    now = new Date(now.getTime() + 60_000);
    const planned = await rows();
    for (const row of planned) {
      if (!firstPlanned.has(row.email)) firstPlanned.set(row.email, row.variant);
    }
    return planned.length;
  };
  // Ticks until every contact has its send.
  const planAll = async () => {
    for (let round = 0; round < 3 * CONTACTS && (await tick()) < CONTACTS; round += 1);
  };
  return { call, campaignId, emails, firstPlanned, rows, tick, planAll };
}

// A worker that drains the due sends, called at each message it delivers.
async function workerRun(
  watch: (delivered: number, worker: ChildProcess) => void | Promise<void> = () => undefined,
) {
  const worker = run.startWorker();
  let delivered = 0;
  run.onMessage(() => {
    delivered += 1;
    return watch(delivered, worker);
  });
  await workerExited(worker);
  run.onMessage(undefined);
  return worker;
}

// Rows a killed worker left in `sending` become sent (found in Sent) or unknown, never resent.
async function reconcile() {
  await run.filed();
  await reconcileStuckSends({
    db: t.db,
    now: () => new Date(),
    connections: t.mailConnections,
    stuckAfterMs: 0,
  });
}

const tally = (variants: number[]) =>
  subjects.map((_, index) => variants.filter((one) => one === index).length);

async function expectExactSplit(campaign: Awaited<ReturnType<typeof abCampaign>>) {
  const rows = await campaign.rows();
  // Every contact has exactly one send of the step, settled.
  expect(rows.map((row) => row.email).sort()).toEqual([...campaign.emails].sort());
  expect(rows.filter((row) => row.status !== 'sent' && row.status !== 'unknown')).toEqual([]);
  // Each on the variant it was first planned with, whichever worker or tick sent it.
  expect(Object.fromEntries(rows.map((row) => [row.email, row.variant]))).toEqual(
    Object.fromEntries(campaign.firstPlanned),
  );
  // Split exactly: the variants' counts differ by at most one.
  const counts = tally(rows.map((row) => row.variant));
  expect(Math.max(...counts) - Math.min(...counts), `${counts}`).toBeLessThanOrEqual(1);
  // No address got two messages, and each delivered message is its row's variant.
  const mine = new Set(campaign.emails);
  const delivered = run.sink.messages.filter((message) => message.to.some((to) => mine.has(to)));
  const addresses = delivered.flatMap((message) => message.to);
  expect(new Set(addresses).size).toBe(addresses.length);
  const subjectOf = new Map(
    delivered.map((message) => {
      const headers = headersOf(message.raw);
      return [headers['message-id'], headers.subject];
    }),
  );
  for (const row of rows.filter((one) => one.status === 'sent')) {
    expect(subjectOf.get(row.messageId)).toBe(subjects[row.variant]);
  }
  return counts;
}

describe('A/B variants across a crash and a resume (issue 25)', () => {
  it('splits exactly and keeps each contact on its variant when the worker is killed mid-run', async () => {
    const campaign = await abCampaign('crash');
    // A few ticks' sends queued, then a worker killed at its fourth message.
    for (let round = 0; round < 8; round += 1) await campaign.tick();
    expect((await campaign.rows()).length).toBeGreaterThan(14);
    const killed = await workerRun((delivered, worker) => {
      if (delivered === 4) worker.kill('SIGKILL');
    });
    expect(killed.signalCode).toBe('SIGKILL');
    // Some sends went out, some were cut off mid-send, some wait in the queue.
    const left = new Set((await campaign.rows()).map((row) => row.status));
    expect([...left].sort()).toEqual(['queued', 'sending', 'sent']);
    // Later ticks go on while those wait; a new worker sends everything.
    for (let round = 0; round < 4; round += 1) await campaign.tick();
    await reconcile();
    expect((await workerRun()).exitCode).toBe(0);
    await campaign.planAll();
    expect((await workerRun()).exitCode).toBe(0);
    await reconcile();
    const counts = await expectExactSplit(campaign);
    process.stdout.write(`variants after a crash: ${counts.join(', ')}\n`);
  }, 300_000);

  it('splits exactly and keeps each contact on its variant when the campaign is paused and resumed', async () => {
    const campaign = await abCampaign('pause');
    for (let round = 0; round < 4; round += 1) await campaign.tick();
    expect((await workerRun()).exitCode).toBe(0);
    const sent = (await campaign.rows()).length;
    for (let round = 0; round < 4; round += 1) await campaign.tick();
    const planned = (await campaign.rows()).length;
    expect(planned).toBeGreaterThan(sent);
    // The user pauses with sends queued: the worker takes each back instead of sending it.
    const answer = await campaign.call('PATCH', `/campaigns/${campaign.campaignId}`, {
      status: 'paused',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await workerRun()).exitCode).toBe(0);
    const kept = (await campaign.rows()).length;
    expect(kept).toBe(sent);
    // Nothing is planned while it is paused.
    expect(await campaign.tick()).toBe(kept);
    const resumed = await campaign.call('PATCH', `/campaigns/${campaign.campaignId}`, {
      status: 'active',
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    for (let round = 0; round < 4; round += 1) await campaign.tick();
    expect((await workerRun()).exitCode).toBe(0);
    await campaign.planAll();
    expect((await workerRun()).exitCode).toBe(0);
    await reconcile();
    const counts = await expectExactSplit(campaign);
    process.stdout.write(
      `variants after a pause (${planned - kept} taken back): ${counts.join(', ')}\n`,
    );
  }, 300_000);
});
