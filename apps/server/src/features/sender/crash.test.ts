import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMessageId } from '../../platform/mail/message-id.ts';
import type { TestContext } from '../../test/test-context.ts';
import { firstStep, insertMailbox } from '../campaigns/campaigns.test-kit.ts';
import { campaigns } from '../campaigns/schema.ts';
import { mailUser } from '../contacts/contacts.test-kit.ts';
import { type CrashRun, startCrashRun, workerExited, workerReady } from './crash-run.test-kit.ts';
import { reconcileStuckSends } from './reconcile.ts';
import { campaignSends } from './schema.ts';
import { seededRandom } from './seeded-random.ts';
import { headersOf } from './smtp-sink.test-kit.ts';

const MESSAGES = 1000;
const KILLS = 12;
const account = { user: 'crash@sender.test', password: 'imap-secret' };

let t: TestContext;
let run: CrashRun;

beforeAll(async () => {
  run = await startCrashRun(account);
  t = run.t;
}, 600_000);
afterAll(() => run?.stop());

async function countByStatus(campaignId: string) {
  const rows = await t.db.execute<{ status: string; total: number }>(sql`
    select status, count(*)::int as total from campaign_sends
    where campaign_id = ${campaignId} group by status`);
  return Object.fromEntries(rows.rows.map((row) => [row.status, row.total]));
}

describe('the sender under SIGKILL', () => {
  it(`sends ${MESSAGES} messages with the worker killed ${KILLS} times: no duplicate, none lost`, async () => {
    const user = await mailUser(t);
    const mailboxId = await insertMailbox(t, user.id, {
      email: account.user,
      password: account.password,
      smtpPort: run.sink.port,
      imapPort: run.imapPort,
    });
    const [campaign] = await t.db
      .insert(campaigns)
      .values({
        userId: user.id,
        name: 'Crash',
        status: 'active',
        // Two A/B variants (issue 25): each contact's is on its row, kept across the kills.
        steps: [{ ...firstStep, variants: [{ ...firstStep, subject: 'Variant B' }] }],
      })
      .returning();
    const campaignId = campaign?.id ?? '';
    // The rows a tick would have planned: one first step per contact, queued, due now.
    await t.db.execute(sql`
      with contacts as (
        insert into customers (user_id, email, fname, lname)
        select ${user.id}, 'lead' || n || '@client.test', 'Lead', 'Number' || n
        from generate_series(1, ${MESSAGES}) n
        returning id
      ), planned as (
        insert into campaign_contacts (campaign_id, customer_id, user_id, mailbox_id, last_step, state)
        select ${campaignId}, id, ${user.id}, ${mailboxId}, 0, 'waiting' from contacts
        returning customer_id
      )
      insert into campaign_sends (user_id, campaign_id, customer_id, step, mailbox_id, message_id, scheduled_at, variant)
      select ${user.id}, ${campaignId}, customer_id, 0, ${mailboxId},
        '<' || gen_random_uuid() || '@sender.test>', now() - interval '1 second',
        (row_number() over (order by customer_id))::int % 2
      from planned`);
    expect(newMessageId(account.user)).toMatch(/^<[0-9a-f-]{36}@sender\.test>$/);

    const random = seededRandom(11);
    let killedMidway = 0;
    for (let round = 0; round < KILLS; round += 1) {
      const worker = run.startWorker();
      await workerReady(worker);
      await sleep(50 + Math.floor(random() * 400));
      if (worker.exitCode === null) {
        worker.kill('SIGKILL');
        killedMidway += 1;
      }
      await workerExited(worker);
    }
    const last = run.startWorker();
    await workerExited(last);
    expect(last.exitCode).toBe(0);
    expect(killedMidway).toBeGreaterThan(0);

    const beforeReconcile = await countByStatus(campaignId);
    expect(beforeReconcile.queued ?? 0).toBe(0);
    const totals = await reconcileStuckSends({
      db: t.db,
      now: () => new Date(),
      connections: t.mailConnections,
      stuckAfterMs: 0,
    });
    expect(totals.sent + totals.unknown).toBe(beforeReconcile.sending ?? 0);

    const rows = await t.db
      .select({
        messageId: campaignSends.messageId,
        status: campaignSends.status,
        variant: campaignSends.variant,
      })
      .from(campaignSends)
      .where(eq(campaignSends.campaignId, campaignId));
    const delivered = run.sink.messages.map((message) => headersOf(message.raw)['message-id']);
    // Zero duplicates: every Message-ID reached the server at most once.
    expect(new Set(delivered).size).toBe(delivered.length);
    // Every row ended sent or unknown; sent ones are exactly the delivered ones.
    expect(rows).toHaveLength(MESSAGES);
    expect(rows.every((row) => row.status === 'sent' || row.status === 'unknown')).toBe(true);
    const sent = rows.filter((row) => row.status === 'sent').map((row) => row.messageId);
    expect(new Set(sent)).toEqual(new Set(delivered));
    // Each contact got the variant its row recorded, whichever worker sent it.
    const subjects = new Map(
      run.sink.messages.map((message) => {
        const headers = headersOf(message.raw);
        return [headers['message-id'], headers.subject];
      }),
    );
    expect(rows.filter((row) => row.variant === 1)).toHaveLength(MESSAGES / 2);
    for (const row of rows.filter((one) => subjects.has(one.messageId))) {
      expect(subjects.get(row.messageId)).toBe(row.variant === 1 ? 'Variant B' : 'Hello Lead');
    }
    const unknown = rows.length - sent.length;
    process.stdout.write(
      `crash test: ${KILLS} kills (${killedMidway} mid-run), ${delivered.length} delivered, ${sent.length} sent (${totals.sent} found in Sent), ${unknown} unknown, 0 duplicates\n`,
    );
  }, 300_000);
});
