import { randomUUID } from 'node:crypto';
import { type MailLab, startMailLab } from '@mailhound/mail-lab';
import { and, eq, inArray, max, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLinkTokens } from '../../platform/link-tokens.ts';
import { activeUser } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { insertMailbox, startCampaign } from '../campaigns/campaigns.test-kit.ts';
import { campaigns } from '../campaigns/schema.ts';
import { type MailCall, mailUser } from '../contacts/contacts.test-kit.ts';
import { customers } from '../contacts/schema.ts';
import { mailboxes } from '../mailboxes/schema.ts';
import { domainPatterns } from '../search/schema.ts';
import { labEnv, postSearch } from '../search/search.test-kit.ts';
import { fileMessage } from '../unibox/file-message.ts';
import { mailboxesReadAt } from '../unibox/index.ts';
import { deliveryReportMail } from '../unibox/messages.test-kit.ts';
import { mailboxSyncState } from '../unibox/schema.ts';
import { deliveredCampaignsQuery, deliveredSendsQuery, recordDeliveredSends } from './delivered.ts';
import { deliveredSendsQueue } from './jobs.ts';
import { campaignSends } from './schema.ts';
import { type SenderRun, startSenderRun } from './sender-run.test-kit.ts';

// A catch-all that accepts every RCPT and bounces unknown recipients afterwards (RFC 3464).
const domain = 'bounces.test';
let lab: MailLab;
let t: TestContext;
let run: SenderRun;
let call: MailCall;
let userId: string;
let token: string;
let mailboxId: string;

const people = [
  { email: `ann.lee@${domain}`, fname: 'Ann', lname: 'Lee' },
  { email: `bob.ray@${domain}`, fname: 'Bob', lname: 'Ray' },
];

beforeAll(async () => {
  lab = await startMailLab({
    hosts: [{ name: 'mx.bounces.test', address: '127.0.9.2' }],
    domains: [{ name: domain, mx: [{ priority: 10, host: 'mx.bounces.test' }], catchAll: true }],
  });
  t = await createTestContext({ env: { ...labEnv(lab), MAIL_ALLOW_PRIVATE_HOSTS: 'true' } });
  t.clock.set(new Date('2030-03-04T10:00:00Z'));
  ({ call, id: userId, token } = await mailUser(t));
  run = await startSenderRun(t, () => t.clock.now());
  mailboxId = await insertMailbox(t, userId, {
    email: 'sales@sender.test',
    smtpPort: run.sink.port,
    minEmailGap: 0,
    maxEmailGap: 1,
  });
}, 120_000);
afterAll(async () => {
  await run?.stop();
  await t?.close();
  await lab?.close();
});

const sourcesAt = async () =>
  Object.fromEntries(
    (
      await t.db
        .select({ email: domainPatterns.email, source: domainPatterns.source })
        .from(domainPatterns)
        .where(eq(domainPatterns.domain, domain))
    ).map((row) => [row.email, row.source]),
  );

// Inbox sync read the mailbox at this time (with this error, if any).
const syncedAt = async (at: Date, lastError: string | null = null) => {
  const values = { lastSyncedAt: at, lastError };
  await t.db
    .insert(mailboxSyncState)
    .values({ mailboxId, ...values })
    .onConflictDoUpdate({ target: mailboxSyncState.mailboxId, set: values });
};

// Creates these contacts as a list and sends them a campaign from the mailbox.
const sendCampaign = async (name: string, to: typeof people) => {
  const created = await call('POST', '/customers/create-or-update', { customers: to });
  const operation = /"EOF":true,"id":"([^"]+)"/.exec(created.body)?.[1];
  const listed = await call('GET', `/customers/create-or-update/${operation}`);
  const ids = (listed.json() as { data: { id: string }[] }).data.map((row) => row.id);
  const group = await call('POST', '/groups', { name, customer_ids: ids });
  await startCampaign(call, { name, mailboxIds: [mailboxId], groupId: group.json().id });
  const expected = run.sink.messages.length + to.length;
  for (let tick = 0; tick < 10 && run.sink.messages.length < expected; tick++) {
    await run.tickAndSend();
    t.clock.advance(2000);
  }
  expect(run.sink.messages.length).toBe(expected);
};

it("records a send that has not bounced 72 h on as delivered, then the sender's search finds its contact at 95", async () => {
  // A list of the two with their names, and a campaign to it.
  await sendCampaign('Spring', people);
  expect(run.sink.messages.flatMap((message) => message.to).sort()).toEqual([
    `ann.lee@${domain}`,
    `bob.ray@${domain}`,
  ]);

  // Bob's mail comes back: an RFC 3464 report read by the inbox sync's filing path.
  const [bobSend] = await t.db
    .select({ messageId: campaignSends.messageId })
    .from(campaignSends)
    .innerJoin(customers, eq(customers.id, campaignSends.customerId))
    .where(and(eq(campaignSends.userId, userId), eq(customers.email, `bob.ray@${domain}`)));
  const filed = await fileMessage(
    {
      db: t.db,
      tokens: createLinkTokens(t.config.tracking.secret),
      publicUrl: t.config.publicUrl,
    },
    { id: mailboxId, userId },
    deliveryReportMail({
      from: 'MAILER-DAEMON@mx.bounces.test',
      to: 'sales@sender.test',
      recipient: `bob.ray@${domain}`,
      original: bobSend?.messageId ?? '',
    }),
    { uidValidity: 1, uid: 1 },
    t.clock.now(),
  );
  expect(filed).toBe('bounce');
  const imported = { [`ann.lee@${domain}`]: 'known', [`bob.ray@${domain}`]: 'bounce' };
  expect(await sourcesAt()).toEqual(imported);

  // Someone else's search before the waiting period is over: the pattern alone, at a catch-all.
  const other = await activeUser(t);
  const ann = { firstName: 'Ann', lastName: 'Lee', companyWebsite: domain };
  const before = await postSearch(t.app, ann, other);
  expect(before.last?.data).toMatchObject({ exactEmailScore: 50, charged: false });

  t.clock.advance(71 * 3_600_000);
  expect(await recordDeliveredSends(t.db, t.clock.now(), mailboxesReadAt)).toBe(0);
  expect(await sourcesAt()).toEqual(imported);

  t.clock.advance(2 * 3_600_000);
  await syncedAt(t.clock.now());
  expect(await recordDeliveredSends(t.db, t.clock.now(), mailboxesReadAt)).toBe(1);
  const delivered = { [`ann.lee@${domain}`]: 'delivered', [`bob.ray@${domain}`]: 'bounce' };
  expect(await sourcesAt()).toEqual(delivered);
  // A rerun (the next hour's, or a retried job) adds nothing and rewrites no row.
  const written = () =>
    t.db
      .select({ email: domainPatterns.email, updatedAt: domainPatterns.updatedAt })
      .from(domainPatterns)
      .where(eq(domainPatterns.domain, domain));
  const rows = await written();
  t.clock.advance(3_600_000);
  expect(await recordDeliveredSends(t.db, t.clock.now(), mailboxesReadAt)).toBe(0);
  expect(await t.countRows('domain_patterns')).toBe(2);
  expect(await sourcesAt()).toEqual(delivered);
  expect(await written()).toEqual(rows);

  const after = await postSearch(t.app, ann, { token });
  expect(after.last?.data).toMatchObject({
    exactEmail: `ann.lee@${domain}`,
    exactEmailScore: 95,
    evidence: { catchAll: true },
  });
  // Another user's search: one user's campaign (whose sends and bounces that user's own mail
  // server could fake) is not evidence for them until a second user's agrees.
  const others = await postSearch(t.app, ann, other);
  expect(others.last?.data).toMatchObject({ exactEmailScore: 50, charged: false });
});

it('records no delivery that nobody could have seen bounce: mailbox unread since, failing, in error or deleted', async () => {
  await sendCampaign('Summer', [{ email: `cat.fox@${domain}`, fname: 'Cat', lname: 'Fox' }]);
  const sentAt = t.clock.now();
  const known = await sourcesAt();
  expect(known).toMatchObject({ [`cat.fox@${domain}`]: 'known' });

  // 73 h on: inbox sync last read the mailbox before the waiting period was over.
  t.clock.set(new Date(sentAt.getTime() + 73 * 3_600_000));
  await syncedAt(new Date(sentAt.getTime() + 71 * 3_600_000));
  expect(await recordDeliveredSends(t.db, t.clock.now(), mailboxesReadAt)).toBe(0);
  // It read it since, but failed.
  await syncedAt(t.clock.now(), 'Login failed');
  expect(await recordDeliveredSends(t.db, t.clock.now(), mailboxesReadAt)).toBe(0);
  // It read it, but the mailbox is in error now.
  await syncedAt(t.clock.now());
  const setStatus = (status: 'error' | 'active') =>
    t.db.update(mailboxes).set({ status }).where(eq(mailboxes.id, mailboxId));
  await setStatus('error');
  try {
    expect(await recordDeliveredSends(t.db, t.clock.now(), mailboxesReadAt)).toBe(0);
  } finally {
    await setStatus('active');
  }
  // The mailbox was deleted: its sends keep no mailbox (on delete set null).
  const sends = eq(campaignSends.mailboxId, mailboxId);
  const ids = (await t.db.select({ id: campaignSends.id }).from(campaignSends).where(sends)).map(
    (row) => row.id,
  );
  await t.db.update(campaignSends).set({ mailboxId: null }).where(sends);
  expect(await recordDeliveredSends(t.db, t.clock.now(), mailboxesReadAt)).toBe(0);
  expect(await sourcesAt()).toEqual(known);

  // An active mailbox read without error since the waiting period ended: delivered.
  await t.db.update(campaignSends).set({ mailboxId }).where(inArray(campaignSends.id, ids));
  expect(await recordDeliveredSends(t.db, t.clock.now(), mailboxesReadAt)).toBe(1);
  expect(await sourcesAt()).toEqual({ ...known, [`cat.fox@${domain}`]: 'delivered' });
});

it('records no delivery to a contact edited since the send, nor to one without both names', async () => {
  await sendCampaign('Autumn', [
    { email: `fay.orr@${domain}`, fname: 'Fay', lname: 'Orr' },
    { email: `dan.kim@${domain}`, fname: 'Dan', lname: 'Kim' },
    { email: `eve@${domain}`, fname: 'Eve', lname: '' },
  ]);
  const sentAt = t.clock.now();
  // An hour later Dan's address is corrected: the mail went to dan.kim@, not to d.kim@. Written
  // as the contact routes write an edit, but stamped with the test clock (they use the wall
  // clock, which is years before this test's sends).
  t.clock.advance(3_600_000);
  await t.db
    .update(customers)
    .set({ email: `d.kim@${domain}`, updatedAt: t.clock.now() })
    .where(eq(customers.email, `dan.kim@${domain}`));
  const before = await sourcesAt();

  t.clock.set(new Date(sentAt.getTime() + 73 * 3_600_000));
  await syncedAt(t.clock.now());
  expect(await recordDeliveredSends(t.db, t.clock.now(), mailboxesReadAt)).toBe(1);
  expect(await sourcesAt()).toEqual({ ...before, [`fay.orr@${domain}`]: 'delivered' });
});

it('looks only at the campaigns that sent in the window', async () => {
  const [autumn] = await t.db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.name, 'Autumn'));
  const [last] = await t.db
    .select({ at: max(campaignSends.sentAt) })
    .from(campaignSends)
    .where(eq(campaignSends.campaignId, autumn?.id ?? ''));
  const until = last?.at ?? new Date();
  const window = { from: new Date(until.getTime() - 3_600_000), until };
  expect(await deliveredCampaignsQuery(t.db, window, null, 10)).toEqual([{ id: autumn?.id }]);
});

it('reads the sends of a window through the campaigns’ index, not by reading every send', async () => {
  // The table is small enough for a sequential scan to win; with it ruled out, the plan shows
  // whether the partial index can answer the query at all (its condition matches the query's).
  const now = t.clock.now();
  const plan = await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const query = deliveredSendsQuery(t.db, [randomUUID()], { from: now, until: now });
    const explained = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
    return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
  expect(plan).toMatch(
    /Index Scan using campaign_sends_campaign_answered|Bitmap Index Scan on campaign_sends_campaign_answered/,
  );
});

it('runs as the hourly campaign-delivered job of the workers', async () => {
  const withJobs = await createTestContext({ jobs: true });
  try {
    expect(await withJobs.jobs?.sendAndWait(deliveredSendsQueue, {}, 60_000)).toEqual({
      recorded: 0,
    });
  } finally {
    await withJobs.close();
  }
}, 120_000);
