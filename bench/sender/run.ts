// `npm run bench:sender`: messages per second one sender worker delivers to a loopback SMTP
// sink with the limits lifted, and the campaign tick's time with 10,000 mailboxes and 100
// active campaigns, in an embedded PostgreSQL; every user has a do-not-email list and verdicts
// on some of their leads, every step three A/B variants with spintax, and the mailboxes ramp up.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { RAMP_FIRST_DAY } from '@mailhound/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config.ts';
import { firstStep } from '../../apps/server/src/features/campaigns/campaigns.test-kit.ts';
import { drainDueSends, senderDeps } from '../../apps/server/src/features/sender/drain.ts';
import { seededRandom } from '../../apps/server/src/features/sender/seeded-random.ts';
import { startSmtpSink } from '../../apps/server/src/features/sender/smtp-sink.test-kit.ts';
import { runTick } from '../../apps/server/src/features/sender/tick.ts';
import { saveVerdictsFrom } from '../../apps/server/src/features/verify/index.ts';
import { createDb, type Db } from '../../apps/server/src/platform/database.ts';
import {
  freePort,
  startEmbeddedPostgres,
} from '../../apps/server/src/platform/embedded-postgres.ts';
import { createMailConnections } from '../../apps/server/src/platform/mail/connections.ts';
import { runMigrations } from '../../apps/server/src/platform/migrations.ts';

const MESSAGES = Number(process.env.BENCH_SENDER_MESSAGES ?? 3000);
const CONCURRENCY = Number(process.env.BENCH_SENDER_CONCURRENCY ?? 16);
const MAILBOXES = 10_000;
const CAMPAIGNS = 100;
const CONTACTS_PER_CAMPAIGN = 1000;

const dataDir = mkdtempSync(join(tmpdir(), 'mailhound-bench-sender-'));
const server = await startEmbeddedPostgres({
  dataDir,
  port: await freePort(),
  log: () => undefined,
  settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
});
const admin = new pg.Client(server.adminUrl());
await admin.connect();
await admin.query('create database bench');
await admin.end();
const url = server.adminUrl('bench');
const pool = new pg.Pool({ connectionString: url, max: 12 });
// The server's own shutdown (57P01) at the end is expected.
pool.on('error', (error) => {
  if ((error as { code?: string }).code !== '57P01')
    console.error(`database pool: ${error.message}`);
});
const db = createDb(pool);
const config = loadConfig({
  DATABASE_URL: url,
  DATA_DIR: dataDir,
  JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
  MAIL_ALLOW_PRIVATE_HOSTS: 'true',
  LOG_LEVEL: 'silent',
});
const mailConnections = createMailConnections(config.mailboxes);
const { box } = mailConnections;
const allDay = {
  name: 'Always',
  timezone: 'Europe/Berlin',
  start_time: '00:00',
  end_time: '23:59',
  start_date: '2020-01-01',
  end_date: null,
  days: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'],
};

// Every step has three A/B variants (issue 25), spintax in each subject and body: the tick
// splits the contacts over them, the sender expands the spintax of each message.
const abStep = (emailGap: number) => ({
  ...firstStep,
  subject: '{Hi|Hello|Hey} {{first_name}}',
  body: `<p>{Hi|Hello} {{first_name}}, {a short note|one quick question}.</p>${firstStep.body}`,
  variants: [
    {
      subject: '{Quick|Short} question for {{first_name}}',
      body: `<p>{Hello|Hey} {{first_name}}, {one idea|a thought}.</p>${firstStep.body}`,
    },
    {
      subject: '{{first_name}}, {a minute|five minutes}?',
      body: `<p>{Good morning|Hi} {{first_name}}.</p>${firstStep.body}`,
    },
  ],
  email_gap: emailGap,
});
const VARIANTS = 3;

async function newUser(db: Db, name: string): Promise<string> {
  const rows = await db.execute<{ id: string }>(sql`
    insert into users (username, fname, lname, status, properties, plan_id)
    values (${`${name}@bench.test`}, 'Bench', 'User', 'active', '{"sections":["mail"]}',
      (select id from plans order by id limit 1))
    returning id`);
  return rows.rows[0]?.id ?? '';
}

async function newMailboxes(userId: string, count: number, smtpPort: number, offset: number) {
  const values = Array.from({ length: count }, (_, index) => {
    const id = crypto.randomUUID();
    return sql`(${id}, ${userId}, 'active', ${`sender${offset + index}@bench.test`}, 'Sender', '',
      ${box.seal('secret', id)}, '127.0.0.1', ${smtpPort}, '127.0.0.1', 1143, 50, 300, 600)`;
  });
  await db.execute(sql`
    insert into mailboxes (id, user_id, status, email, name, description, password_encrypted,
      smtp_host, smtp_port, imap_host, imap_port, emails_limit, min_email_gap, max_email_gap)
    values ${sql.join(values, sql`, `)}`);
}

// The ramp at work (issue 25): the mailboxes started ramping 0 to 19 days ago (daily limits of
// 5 to 50), and those on their first day have sent their 5 earlier today, so the tick leaves
// them out: a contact each, already on the first step's variants in turn.
async function rampSome(userId: string) {
  await db.execute(sql`
    update mailboxes set ramp_started_at =
      now() - interval '1 hour' - make_interval(days => substring(email from '[0-9]+')::int % 20)
    where user_id = ${userId}`);
  await db.execute(sql`
    with first_day as (
      select m.id, m.user_id, (row_number() over (order by m.created_at, m.id) - 1)::int as k
      from mailboxes m where m.user_id = ${userId} and m.ramp_started_at > now() - interval '1 day'
    ), leads as (
      select gc.customer_id, (row_number() over (order by gc.created_at, gc.customer_id) - 1)::int as n
      from group_customers gc where gc.user_id = ${userId}
    ), picked as (
      select c.id as campaign_id, l.customer_id, b.id as mailbox_id, b.user_id, l.n
      from first_day b
      join leads l on l.n / ${RAMP_FIRST_DAY} = b.k
      join campaigns c on c.user_id = b.user_id
    ), contacts as (
      insert into campaign_contacts
        (campaign_id, customer_id, user_id, mailbox_id, last_step, state, last_sent_at)
      select campaign_id, customer_id, user_id, mailbox_id, 0, 'ready', now() - interval '2 hours'
      from picked
    )
    insert into campaign_sends (user_id, campaign_id, customer_id, step, mailbox_id, message_id,
      scheduled_at, status, sent_at, variant)
    select user_id, campaign_id, customer_id, 0, mailbox_id, '<' || gen_random_uuid() || '@bench.test>',
      now() - interval '2 hours', 'sent', now() - interval '2 hours', n % ${VARIANTS}
    from picked`);
}

// The do-not-email list's checks at work (issue 25): every tenth lead listed, and a thousand
// domains that match none.
async function suppressSome(userId: string) {
  await db.execute(sql`
    insert into suppressions (user_id, entry, source)
    select ${userId}::uuid, 'lead' || n || '@client.test', 'manual'
    from generate_series(1, ${CONTACTS_PER_CAMPAIGN}, 10) n
    union all
    select ${userId}::uuid, '@blocked' || n || '.test', 'manual' from generate_series(1, 1000) n`);
}

// The verdict checks at work (issue 25): every seventh lead verified (invalid, accept_all,
// unknown or valid in turn), and a bulk list that judged every eleventh.
async function judgeSome(userId: string) {
  await db.execute(sql`
    insert into verifications (id, user_id, email, status, verdict, charged, settled_at)
    select gen_random_uuid(), ${userId}::uuid, e.email, e.status,
      jsonb_build_object('email', e.email, 'status', e.status), true, now()
    from (select 'lead' || n || '@client.test' as email,
            (array['invalid', 'accept_all', 'unknown', 'valid'])[n / 7 % 4 + 1] as status
          from generate_series(3, ${CONTACTS_PER_CAMPAIGN}, 7) n) e`);
  await db.execute(sql`
    with request as (
      insert into bulk_requests (id, user_id, file_name, header, status, total, held)
      values (gen_random_uuid(), ${userId}, 'list.csv', '["email"]', 'completed', 0, 0)
      returning id
    )
    insert into bulk_rows (request_id, row_index, chunk, cells, query, state, score, verdict)
    select request.id, n, 0, '[]', '{"kind":"skip","reason":"bench"}', 'done', 0,
      jsonb_build_object('email', 'lead' || n || '@client.test', 'status', 'invalid')
    from request, generate_series(5, ${CONTACTS_PER_CAMPAIGN}, 11) n`);
  // As the Email Verifier and a bought bulk result store them: each the user's latest verdict
  // on its address.
  await db.execute(
    saveVerdictsFrom(
      sql`select user_id, verdict, created_at from verifications where user_id = ${userId}`,
    ),
  );
  await db.execute(
    saveVerdictsFrom(sql`select q.user_id, r.verdict, q.created_at from bulk_rows r
      join bulk_requests q on q.id = r.request_id where q.user_id = ${userId}`),
  );
}

async function throughput(): Promise<void> {
  const sink = await startSmtpSink({ keep: false });
  const userId = await newUser(db, 'throughput');
  await newMailboxes(userId, 1, sink.port, 0);
  // Listed addresses the sends do not go to: each claim still checks the list.
  await db.execute(sql`
    insert into suppressions (user_id, entry, source)
    select ${userId}, 'other' || n || '@client.test', 'manual' from generate_series(1, 1000) n`);
  await db.execute(sql`
    insert into campaigns (user_id, name, status, steps)
    values (${userId}, 'Throughput', 'active', ${JSON.stringify([abStep(0)])}::jsonb)`);
  await db.execute(sql`
    with contacts as (
      insert into customers (user_id, email, fname, lname)
      select ${userId}, 'lead' || n || '@client.test', 'Lead', 'Number' || n
      from generate_series(1, ${MESSAGES}) n returning id
    ), planned as (
      insert into campaign_contacts (campaign_id, customer_id, user_id, mailbox_id, last_step, state)
      select c.id, contacts.id, ${userId}, m.id, 0, 'waiting'
      from contacts, campaigns c, mailboxes m where c.user_id = ${userId} and m.user_id = ${userId}
      returning campaign_id, customer_id, mailbox_id
    )
    insert into campaign_sends (user_id, campaign_id, customer_id, step, mailbox_id, message_id, scheduled_at, variant)
    select ${userId}, campaign_id, customer_id, 0, mailbox_id,
      '<' || gen_random_uuid() || '@bench.test>', now() - interval '1 second',
      (row_number() over (order by customer_id))::int % ${VARIANTS}
    from planned`);
  const deps = senderDeps(config, db, () => new Date(), mailConnections);
  const started = performance.now();
  const totals = await drainDueSends(deps, CONCURRENCY);
  const seconds = (performance.now() - started) / 1000;
  deps.transports.close();
  await sink.stop();
  console.log(
    `sender: ${totals.sent} messages in ${seconds.toFixed(2)} s = ${(totals.sent / seconds).toFixed(0)} messages/s ` +
      `(one worker, ${CONCURRENCY} at a time, one mailbox, pooled SMTP to a loopback sink in the same process; target ≥ 200/s)`,
  );
}

async function tick(): Promise<void> {
  console.log(
    `tick: seeding ${MAILBOXES} mailboxes, ${CAMPAIGNS} active campaigns, ${CAMPAIGNS * CONTACTS_PER_CAMPAIGN} contacts...`,
  );
  const perCampaign = MAILBOXES / CAMPAIGNS;
  for (let index = 0; index < CAMPAIGNS; index += 1) {
    const userId = await newUser(db, `tick${index}`);
    await newMailboxes(userId, perCampaign, 2525, index * perCampaign);
    await db.execute(sql`
      with list as (
        insert into groups (user_id, name) values (${userId}, 'Leads') returning id
      ), contacts as (
        insert into customers (user_id, email, fname, lname)
        select ${userId}, 'lead' || n || '@client.test', 'Lead', 'Number' || n
        from generate_series(1, ${CONTACTS_PER_CAMPAIGN}) n returning id
      ), members as (
        insert into group_customers (group_id, customer_id, user_id)
        select list.id, contacts.id, ${userId} from list, contacts returning group_id
      ), campaign as (
        insert into campaigns (user_id, name, status, customer_group_id, schedules, steps,
          min_email_gap, max_email_gap)
        select ${userId}, 'Campaign', 'active', list.id, ${JSON.stringify([allDay])}::jsonb,
          ${JSON.stringify([abStep(0), abStep(2), abStep(3)])}::jsonb,
          60, 120
        from list returning id
      )
      insert into campaign_mailboxes (campaign_id, mailbox_id, user_id)
      select campaign.id, m.id, ${userId} from campaign, mailboxes m where m.user_id = ${userId}`);
    await rampSome(userId);
    await suppressSome(userId);
    await judgeSome(userId);
  }
  await db.execute(sql`analyze`);
  const random = seededRandom(1);
  let at = Date.now();
  for (const label of ['first tick (all new leads)', 'next minute', 'ten minutes later']) {
    const started = performance.now();
    const queued = await runTick(db, new Date(at), random);
    const ms = performance.now() - started;
    console.log(
      `tick: ${label}: ${ms.toFixed(0)} ms, ${queued.length} sends planned (target < 2,000 ms)`,
    );
    // The workers deliver everything planned before the next tick.
    await db.execute(
      sql`update campaign_sends set status = 'sent', sent_at = scheduled_at where status = 'queued'`,
    );
    await db.execute(
      sql`update campaign_contacts set state = 'ready', last_sent_at = now() where state = 'waiting'`,
    );
    at += label === 'next minute' ? 9 * 60_000 : 60_000;
  }
  // The planner's A/B split, over the tick's campaigns and within each (issue 25).
  const split = await db.execute<{ variant: number; total: number; widest: number }>(sql`
    with per_campaign as (
      select s.campaign_id, s.variant, count(*)::int as total
      from campaign_sends s join campaigns c on c.id = s.campaign_id and c.name = 'Campaign'
      where s.step = 0 group by s.campaign_id, s.variant
    )
    select variant, sum(total)::int as total,
      (select max(most - least) from (select max(total) as most, min(total) as least
        from per_campaign group by campaign_id) spread)::int as widest
    from per_campaign group by variant order by variant`);
  console.log(
    `tick: first steps per variant: ${split.rows.map((row) => row.total).join(', ')}, ` +
      `at most ${split.rows[0]?.widest} apart within a campaign (split exactly: at most 1)`,
  );
}

try {
  await runMigrations(db);
  await throughput();
  await tick();
} finally {
  await pool.end();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
