import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMessageId } from '../../platform/mail/message-id.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { firstStep, insertMailbox } from '../campaigns/campaigns.test-kit.ts';
import { campaigns } from '../campaigns/schema.ts';
import { mailUser } from '../contacts/contacts.test-kit.ts';
import {
  type RunningServer,
  signInToImap,
  startImapServer,
} from '../mailboxes/mail-servers.test-kit.ts';
import { reconcileStuckSends } from './reconcile.ts';
import { campaignSends } from './schema.ts';
import { seededRandom } from './seeded-random.ts';
import { headersOf, type SmtpSink, startSmtpSink } from './smtp-sink.test-kit.ts';

const MESSAGES = 1000;
const KILLS = 12;
const account = { user: 'crash@sender.test', password: 'imap-secret' };

let t: TestContext;
let imap: RunningServer;
let filer: ImapFlow;
let sink: SmtpSink;

beforeAll(async () => {
  t = await createTestContext({ env: { MAIL_ALLOW_PRIVATE_HOSTS: 'true' } });
  imap = await startImapServer([account]);
  filer = await signInToImap(imap, account);
  await filer.mailboxCreate('Sent');
  // Like a provider, the sink files each message in Sent before it answers 250.
  let filing = Promise.resolve();
  sink = await startSmtpSink({
    onMessage: (raw) => {
      filing = filing.then(async () => {
        await filer.append('Sent', raw, ['\\Seen']);
      });
      return filing;
    },
  });
}, 600_000);
// Each worker's DATA_DIR, removed at the end.
const workerDirs: string[] = [];
afterAll(async () => {
  await sink?.stop();
  await filer?.logout();
  await imap?.stop();
  await t?.close();
  for (const dir of workerDirs) rmSync(dir, { recursive: true, force: true });
});

function startWorker(): ChildProcess {
  const dataDir = mkdtempSync(join(tmpdir(), 'mailhound-crash-'));
  workerDirs.push(dataDir);
  return spawn(process.execPath, [join(import.meta.dirname, 'crash-worker.test-kit.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: t.config.databaseUrl ?? '',
      DATA_DIR: dataDir,
      JWT_SECRET: t.config.jwtSecret,
      MAILBOX_SECRET_KEY: t.config.mailboxes.secretKey,
      TRACKING_SECRET: t.config.tracking.secret,
      PUBLIC_URL: t.config.publicUrl,
      MAIL_ALLOW_PRIVATE_HOSTS: 'true',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

// Resolves once the worker has loaded and starts sending.
const ready = (child: ChildProcess) =>
  new Promise<void>((done) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) done();
    });
    child.once('exit', () => done());
  });

const exited = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once('exit', () => done());
  });

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
      smtpPort: sink.port,
      imapPort: imap.port,
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
      const worker = startWorker();
      await ready(worker);
      await sleep(50 + Math.floor(random() * 400));
      if (worker.exitCode === null) {
        worker.kill('SIGKILL');
        killedMidway += 1;
      }
      await exited(worker);
    }
    const last = startWorker();
    await exited(last);
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
    const delivered = sink.messages.map((message) => headersOf(message.raw)['message-id']);
    // Zero duplicates: every Message-ID reached the server at most once.
    expect(new Set(delivered).size).toBe(delivered.length);
    // Every row ended sent or unknown; sent ones are exactly the delivered ones.
    expect(rows).toHaveLength(MESSAGES);
    expect(rows.every((row) => row.status === 'sent' || row.status === 'unknown')).toBe(true);
    const sent = rows.filter((row) => row.status === 'sent').map((row) => row.messageId);
    expect(new Set(sent)).toEqual(new Set(delivered));
    // Each contact got the variant its row recorded, whichever worker sent it.
    const subjects = new Map(
      sink.messages.map((message) => {
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
