import { setTimeout as sleep } from 'node:timers/promises';
import { searchMessages } from '@mailhound/contracts';
import { type MailLab, startMailLab } from '@mailhound/mail-lab';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { unreadableUpload } from '../../platform/uploads/read-upload.ts';
import { activeUser } from '../../test/auth-fixtures.ts';
import { heldFinder } from '../../test/held-finder.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { applyCreditEntry } from '../credits/credit-ledger.ts';
import { creditAccounts, creditEntries } from '../credits/schema.ts';
import { createSearchFinder } from '../search/finder.ts';
import { domainPatterns } from '../search/schema.ts';
import { labEnv, parseEventStream } from '../search/search.test-kit.ts';
import { latestStatuses } from '../verify/verify.test-kit.ts';
import { buyResult, patternLab, readItem, toCsv, upload, waitUntilDone } from './bulk.test-kit.ts';
import { type BulkItem, bulkRunQueue, createBulkRequest } from './bulk-store.ts';
import { failRequest, runBulkRequest } from './processing.ts';
import { bulkRows } from './schema.ts';
import { parseUpload, uploadMessages } from './upload-file.ts';

let lab: MailLab;
let t: TestContext;
// Each reply waits a little, so a 300-row request is still running when its stream opens.
const slow = patternLab({ domains: 30, people: 10, commandDelayMs: 40 });

beforeAll(async () => {
  lab = await startMailLab({
    hosts: [{ name: 'mx.acme.test', address: '127.0.7.2' }, ...slow.spec.hosts],
    domains: [
      {
        name: 'acme.test',
        mx: [{ priority: 10, host: 'mx.acme.test' }],
        mailboxes: ['ann.lee', 'bob.ray'],
      },
      { name: 'catchall.test', mx: [{ priority: 10, host: 'mx.acme.test' }], catchAll: true },
      { name: 'gone.test', nxdomain: true },
      ...slow.spec.domains,
    ],
  });
  t = await createTestContext({ jobs: true, env: labEnv(lab) });
});
afterAll(async () => {
  await t.close();
  await lab.close();
});

// Two verified finds, one catch-all (found, not verified), one not found, one dead domain.
const listRows = [
  ['First Name', 'Last Name', 'Company Website', 'Note'],
  ['Ann', 'Lee', 'acme.test', '=HYPERLINK("http://evil.test")'],
  ['Bob', 'Ray', 'https://www.acme.test/about', '+1 555'],
  ['Zed', 'Nobody', 'acme.test', ''],
  ['Cat', 'Fox', 'catchall.test', '@risk'],
  ['Dan', 'Doe', 'gone.test', '-2'],
];
const listCsv = toCsv(listRows);

// SMTP sessions opened on the slow lab's hosts so far: the probes of its rows.
function slowSessions(): number {
  const { byHost } = lab.stats();
  return slow.spec.hosts.reduce((sum, host) => sum + (byHost[host.name]?.sessions ?? 0), 0);
}

async function balancesOf(userId: string) {
  const [row] = await t.db.select().from(creditAccounts).where(eq(creditAccounts.userId, userId));
  return { balance: row?.balance ?? 0, onHold: row?.onHold ?? 0 };
}

async function grant(userId: string, amount: number, key: string) {
  await t.db.transaction((tx) =>
    applyCreditEntry(tx, { userId, kind: 'bonus', amount, idempotencyKey: key }),
  );
}

async function drain(userId: string) {
  const { balance, onHold } = await balancesOf(userId);
  await t.db.transaction((tx) =>
    applyCreditEntry(tx, {
      userId,
      kind: 'charge',
      amount: balance - onHold,
      idempotencyKey: `drain:${userId}:${Date.now()}`,
    }),
  );
}

// A request stored as an upload stores it, with no job to run it.
async function storeWithoutJobs(userId: string, fileName: string, csv: string) {
  const bytes = Buffer.from(csv);
  return createBulkRequest(t.db, undefined, {
    ...(await parseUpload(bytes)),
    userId,
    fileName,
    contentType: 'text/csv',
    bytes,
  });
}

// A user with credits uploads the slow lab's 300 rows (three chunks).
async function uploadSlowList() {
  const user = await activeUser(t);
  await grant(user.id, 1000, `grant:${user.id}`);
  const rows = [
    ['first_name', 'last_name', 'website'],
    ...slow.rows.map((row) => [row.firstName, row.lastName, row.domain]),
  ];
  const response = await upload(t.app, user.token, 'slow.csv', toCsv(rows));
  expect(response.statusCode, response.body).toBe(201);
  return { user, requestId: (response.json() as BulkItem).requestId };
}

describe('uploading a list', () => {
  it('accepts a CSV, holds credits for its rows while it runs and completes it with the counts', async () => {
    const user = await activeUser(t);
    const response = await upload(t.app, user.token, 'leads.csv', listCsv);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as BulkItem;
    expect(created).toMatchObject({
      input: { fileName: 'leads.csv', length: 5, hasInputFile: true },
      status: 'processing',
      progress: { total: 5 },
      result: null,
      error: null,
      purchases: [],
    });
    // The hold covers the rows; nothing is charged by processing.
    expect(await balancesOf(user.id)).toMatchObject({ balance: 25 });

    const done = await waitUntilDone(t.app, user.token, created.requestId);
    expect(done).toMatchObject({
      status: 'completed',
      progress: { success: 3, fail: 2, total: 5 },
      result: { successCount: 3, verifiedCount: 2, hasMultipleFiles: true },
      error: null,
    });
    expect(await balancesOf(user.id)).toEqual({ balance: 25, onHold: 0 });
    const entries = await t.db
      .select({ kind: creditEntries.kind, amount: creditEntries.amount })
      .from(creditEntries)
      .where(eq(creditEntries.idempotencyKey, `hold:bulk:${created.requestId}`));
    expect(entries).toEqual([{ kind: 'hold', amount: 5 }]);
  });

  it('reads a stray double quote in a CSV field as a character, one row per line', async () => {
    const user = await activeUser(t);
    const csv = [
      'First Name,Last Name,Company Website',
      'John,"O"Brien,acme.test',
      '"Bob" Jr,Ray,acme.test',
      'Ann,"Lee, Jr",acme.test',
      'Zed,Nobody,acme.test',
    ].join('\n');
    const response = await upload(t.app, user.token, 'quotes.csv', csv);
    expect(response.statusCode, response.body).toBe(201);
    expect((response.json() as BulkItem).input.length).toBe(4);
    const done = await waitUntilDone(t.app, user.token, (response.json() as BulkItem).requestId);
    expect(done.progress.total).toBe(4);
  });

  it('accepts an XLSX list with other header spellings and an email column to verify', async () => {
    const user = await activeUser(t);
    const xlsx = await writeXlsxFile([
      [{ value: 'fname' }, { value: 'LNAME' }, { value: 'Domain' }, { value: 'E-mail' }],
      [{ value: 'Ann' }, { value: 'Lee' }, { value: 'acme.test' }, { value: '' }],
      [
        { value: 'Someone' },
        { value: 'Else' },
        { value: 'acme.test' },
        { value: 'bob.ray@acme.test' },
      ],
      [{ value: 'No' }, { value: 'Body' }, { value: 'acme.test' }, { value: 'nobody@acme.test' }],
    ]).toBuffer();
    const response = await upload(
      t.app,
      user.token,
      'list.xlsx',
      xlsx,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.statusCode, response.body).toBe(201);
    const done = await waitUntilDone(t.app, user.token, (response.json() as BulkItem).requestId);
    expect(done).toMatchObject({
      status: 'completed',
      input: { fileName: 'list.xlsx', length: 3 },
      // The rows verifying a given address are only counted until the result is bought.
      result: { successCount: 1, verifiedCount: 1, toVerify: 2 },
    });
  });

  it("makes each row's verdict the user's latest on its address, which the campaigns read, once the result is bought", async () => {
    const user = await activeUser(t);
    const csv = toCsv([
      ['email'],
      ['Nobody@ACME.test'],
      ['ann.lee@acme.test'],
      ['nobody@acme.test'],
    ]);
    const response = await upload(t.app, user.token, 'verify.csv', csv);
    expect(response.statusCode, response.body).toBe(201);
    const { requestId } = response.json() as BulkItem;
    await waitUntilDone(t.app, user.token, requestId);
    // Not bought yet: no campaign, contact or list reads them.
    expect(await latestStatuses(t.db, user.id)).toEqual([]);
    await buyResult(t.app, user.token, requestId);
    expect(await latestStatuses(t.db, user.id)).toEqual([
      { email: 'ann.lee@acme.test', status: 'valid' },
      { email: 'nobody@acme.test', status: 'invalid' },
    ]);
  });

  it('leaves the Email Verifier verdict the user got while a row was being looked up, when the row is written after it', async () => {
    const user = await activeUser(t);
    const requestId = await storeWithoutJobs(
      user.id,
      'flip.csv',
      toCsv([['email'], ['flip@acme.test']]),
    );
    const acme = lab.spec.domains.find((domain) => domain.name === 'acme.test');
    acme?.mailboxes?.push('flip');
    // The real finder, whose answer on the row is held, as a greylisted session holds a
    // domain's rows, until the user has checked the address again.
    const finder = createSearchFinder(t.config, t.db);
    const held = heldFinder(finder);
    const run = runBulkRequest({ db: t.db, finder: held.finder, slots: 2 }, requestId);
    try {
      await held.answered;
      // Meanwhile the mailbox is closed, and the user's own check says so.
      acme?.mailboxes?.pop();
      const checked = await t.app.inject({
        method: 'POST',
        url: '/api/verify',
        payload: { email: 'flip@acme.test' },
        headers: { authorization: user.token },
      });
      expect(parseEventStream(checked.body).events.at(-1)?.data).toMatchObject({
        status: 'invalid',
      });
    } finally {
      held.release();
      await run;
      await finder.close();
    }
    const [row] = await t.db.select().from(bulkRows).where(eq(bulkRows.requestId, requestId));
    expect(row?.verdict).toMatchObject({ status: 'valid' });
    await buyResult(t.app, user.token, requestId);
    // The row was judged when its chunk was read, before the check: bought after it, the
    // check's invalid still stands.
    expect(await latestStatuses(t.db, user.id)).toEqual([
      { email: 'flip@acme.test', status: 'invalid' },
    ]);
  });

  it('holds one credit per row to search: a user with 25 credits can search 25 rows', async () => {
    const user = await activeUser(t);
    const rows = [
      ['First Name', 'Last Name', 'Company'],
      ...slow.rows.slice(0, 25).map((row) => [row.firstName, row.lastName, row.domain]),
      // Rows without a query are answered with an error, never looked up: they hold nothing.
      ['', 'Nameless', 'co1.test'],
      ['Ann', '', ''],
    ];
    const response = await upload(t.app, user.token, 'twenty-five.csv', toCsv(rows));
    expect(response.statusCode, response.body).toBe(201);
    const { requestId } = response.json() as BulkItem;
    const done = await waitUntilDone(t.app, user.token, requestId);
    expect(done.progress).toEqual({ success: 25, fail: 2, total: 27, toVerify: 0 });
    const entries = await t.db
      .select({ kind: creditEntries.kind, amount: creditEntries.amount })
      .from(creditEntries)
      .where(eq(creditEntries.userId, user.id));
    expect(entries.filter((entry) => entry.kind !== 'plan_grant')).toEqual([
      { kind: 'hold', amount: 25 },
      { kind: 'release', amount: 25 },
    ]);
    expect(await balancesOf(user.id)).toEqual({ balance: 25, onHold: 0 });
  });

  it('300 rows with 25 credits: 402 You need 275 more credits, nothing stored, no SMTP probe', async () => {
    const user = await activeUser(t);
    const rows = [
      ['First Name', 'Last Name', 'Company'],
      ...slow.rows.map((row) => [row.firstName, row.lastName, row.domain]),
    ];
    const tables = ['bulk_requests', 'bulk_rows', 'bulk_files'];
    const before = await Promise.all(tables.map((table) => t.countRows(table)));
    const sessionsBefore = slowSessions();
    const response = await upload(t.app, user.token, 'three-hundred.csv', toCsv(rows));
    expect(response.statusCode, response.body).toBe(402);
    expect(response.json()).toEqual({
      statusCode: 402,
      error: 'Payment Required',
      message: searchMessages.notEnoughCredits(275),
      needed: 275,
    });
    expect((response.json() as { message: string }).message).toContain(
      'You need 275 more credits.',
    );
    expect(await Promise.all(tables.map((table) => t.countRows(table)))).toEqual(before);
    expect(await balancesOf(user.id)).toEqual({ balance: 25, onHold: 0 });
    expect(slowSessions()).toBe(sessionsBefore);
  });
});

describe('the worker', () => {
  it('looks up every chunk of a list at once, not a few at a time', async () => {
    const { user, requestId } = await uploadSlowList();
    // The chunks a worker holds are its advisory locks keyed (request, chunk).
    let most = 0;
    for (;;) {
      const held = await t.db.execute<{ chunks: number }>(sql`
        select count(*)::int as chunks from pg_locks
        where locktype = 'advisory' and objsubid = 2
          and classid::bigint = (hashtext(${requestId})::bigint & 4294967295)`);
      most = Math.max(most, held.rows[0]?.chunks ?? 0);
      if ((await readItem(t.app, user.token, requestId)).status !== 'processing') break;
      await sleep(20);
    }
    // 300 rows of ten-person domains are three chunks, all looked up together.
    expect(most).toBe(3);
    expect(await readItem(t.app, user.token, requestId)).toMatchObject({
      status: 'completed',
      result: { successCount: 300, verifiedCount: 300 },
    });
    // What the list verified is learnt, as a single search's finds are (written a chunk at a
    // time).
    const learnt = await t.db
      .select({ email: domainPatterns.email })
      .from(domainPatterns)
      .where(inArray(domainPatterns.domain, [...new Set(slow.rows.map((row) => row.domain))]));
    expect(learnt.map((row) => row.email).sort()).toEqual(slow.rows.map((row) => row.email).sort());
  });

  it('writes a domain’s rows as soon as they are looked up, not when the slowest domain of their chunk is', async () => {
    const user = await activeUser(t);
    const slowDomain = slow.rows.slice(-10);
    const csv = toCsv([
      ['First Name', 'Last Name', 'Company'],
      ['Ann', 'Lee', 'acme.test'],
      ['Bob', 'Ray', 'acme.test'],
      ...slowDomain.map((row) => [row.firstName, row.lastName, row.domain]),
    ]);
    // Twelve rows are one chunk: acme.test answers at once, the slow domain's host takes
    // 40 ms a reply. Stored without jobs, and run here.
    const requestId = await storeWithoutJobs(user.id, 'two-domains.csv', csv);
    const finder = createSearchFinder(t.config, t.db);
    let running = true;
    const run = runBulkRequest({ db: t.db, finder, slots: 2 }, requestId).finally(() => {
      running = false;
    });
    let acmeDoneSlowPending = false;
    while (running) {
      const states = await t.db
        .select({ rowIndex: bulkRows.rowIndex, state: bulkRows.state })
        .from(bulkRows)
        .where(eq(bulkRows.requestId, requestId));
      const acme = states.filter((row) => row.rowIndex < 2);
      const rest = states.filter((row) => row.rowIndex >= 2);
      if (acme.every((row) => row.state === 'done') && rest.some((row) => row.state === 'pending'))
        acmeDoneSlowPending = true;
      await sleep(10);
    }
    await run;
    expect(acmeDoneSlowPending).toBe(true);
    expect(await readItem(t.app, user.token, requestId)).toMatchObject({
      status: 'completed',
      progress: { success: 12, fail: 0, total: 12 },
    });
  });

  it('never looks up a row once its request has no hold (failed), even when a job runs it again', async () => {
    const user = await activeUser(t);
    const csv = toCsv([
      ['First Name', 'Last Name', 'Company'],
      ...slow.rows.slice(0, 10).map((row) => [row.firstName, row.lastName, row.domain]),
    ]);
    // Stored without jobs, as a request whose jobs failed for good and whose hold was released.
    const requestId = await storeWithoutJobs(user.id, 'ten.csv', csv);
    // While it is searched, the item says how many credits the list holds.
    expect(await readItem(t.app, user.token, requestId)).toMatchObject({
      status: 'processing',
      onHold: 10,
    });
    await failRequest(t.db, requestId);
    const sessionsBefore = slowSessions();
    const finder = createSearchFinder(t.config, t.db);
    await runBulkRequest({ db: t.db, finder, slots: 2 }, requestId);
    expect(slowSessions()).toBe(sessionsBefore);
    expect(await readItem(t.app, user.token, requestId)).toMatchObject({
      status: 'error',
      progress: { success: 0, fail: 0, total: 10 },
      onHold: 0,
    });
    expect(await balancesOf(user.id)).toEqual({ balance: 25, onHold: 0 });
  });
});

describe('a bad upload gets a 4xx and creates nothing', () => {
  const header = 'First Name,Last Name,Company Website';
  const cases: Array<[string, string | Buffer, number, string | RegExp]> = [
    [
      'image.png',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      400,
      uploadMessages.notSpreadsheet,
    ],
    [
      'broken.xlsx',
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)]),
      400,
      uploadMessages.notSpreadsheet,
    ],
    ['list.txt', `${header}\nAnn,Lee,acme.test\n`, 400, uploadMessages.notSpreadsheet],
    ['list', `${header}\nAnn,Lee,acme.test\n`, 400, uploadMessages.notSpreadsheet],
    ['empty.csv', '', 400, uploadMessages.noRows],
    ['header-only.csv', `${header}\n\n , , \n`, 400, uploadMessages.noRows],
    ['columns.csv', 'Name,Phone\nAnn,555\n', 400, uploadMessages.noColumns],
    [
      'huge.csv',
      `${header}\n${Array.from({ length: 10_001 }, (_, i) => `A${i},B,acme.test`).join('\n')}`,
      400,
      uploadMessages.tooManyRows,
    ],
    [
      'big.csv',
      `${header}\n${'Ann,Lee,acme.test,'.padEnd(1000, 'x')}\n`.repeat(5300),
      413,
      uploadMessages.tooLarge,
    ],
  ];

  it.each(cases)('%s → %i', async (fileName, content, status, message) => {
    const user = await activeUser(t);
    const before = await Promise.all(
      ['bulk_requests', 'bulk_rows', 'bulk_files'].map((table) => t.countRows(table)),
    );
    const response = await upload(t.app, user.token, fileName, content);
    expect(response.statusCode, response.body).toBe(status);
    expect((response.json() as { message: string }).message).toMatch(message);
    const after = await Promise.all(
      ['bulk_requests', 'bulk_rows', 'bulk_files'].map((table) => t.countRows(table)),
    );
    expect(after).toEqual(before);
    expect(await balancesOf(user.id)).toEqual({ balance: 25, onHold: 0 });
  });

  it('402 saying how many credits are missing when nothing is available', async () => {
    const user = await activeUser(t);
    await drain(user.id);
    const before = await t.countRows('bulk_requests');
    const response = await upload(t.app, user.token, 'leads.csv', listCsv);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({
      message: 'You do not have enough credits... You need 5 more credits.',
      needed: 5,
    });
    expect(await t.countRows('bulk_requests')).toBe(before);
  });

  it('answers a body that is not a whole multipart upload with a JSON 4xx, not a 500', async () => {
    const user = await activeUser(t);
    const before = await t.countRows('bulk_requests');
    const cut = await t.app.inject({
      method: 'POST',
      url: '/api/person/bulk',
      headers: { authorization: user.token, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nAnn',
    });
    expect(cut.statusCode, cut.body).toBe(400);
    expect(cut.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: unreadableUpload,
    });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/person/bulk',
      headers: { authorization: user.token },
      payload: { file: 'leads.csv' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({
      statusCode: 415,
      error: 'Unsupported Media Type',
      message: 'Send the file as multipart/form-data.',
    });
    expect(await t.countRows('bulk_requests')).toBe(before);
  });

  it('needs a token and a verified account', async () => {
    const response = await upload(t.app, '', 'leads.csv', listCsv);
    expect(response.statusCode).toBe(401);
  });
});

describe('the progress stream', () => {
  it('sends update events as chunks finish and ends with the final state', async () => {
    const { user, requestId } = await uploadSlowList();

    const stream = await t.app.inject({
      method: 'GET',
      url: `/api/search-history/bulk/${requestId}`,
      headers: { authorization: user.token, accept: 'text/event-stream' },
    });
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    const { events } = parseEventStream(stream.body);
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events.every((event) => event.event === 'update')).toBe(true);
    const items = events.map((event) => event.data as unknown as BulkItem);
    expect(items[0]?.status).toBe('processing');
    const processed = items.map((item) => item.progress.success + item.progress.fail);
    expect(processed).toEqual([...processed].sort((a, b) => a - b));
    expect(items.at(-1)).toMatchObject({
      status: 'completed',
      progress: { success: 300, fail: 0, total: 300 },
      result: { successCount: 300, verifiedCount: 300, hasMultipleFiles: true },
    });

    // Once final, the same call answers JSON even when a stream is asked for.
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/search-history/bulk/${requestId}`,
      headers: { authorization: user.token, accept: 'text/event-stream' },
    });
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect((again.json() as BulkItem).status).toBe('completed');

    // Its three jobs (one per chunk) ran as one: the spare ones are gone from the queue, where
    // they would take the workers' next fetches ahead of newer requests.
    const queued = () => t.jobs?.boss.findJobs(bulkRunQueue, { data: { requestId }, queued: true });
    await expect.poll(queued).toEqual([]);
  });
});

describe('history', () => {
  it('pages the user’s requests newest first and finds one by requestId', async () => {
    const user = await activeUser(t);
    const ids: string[] = [];
    for (const name of ['one.csv', 'two.csv', 'three.csv']) {
      const response = await upload(t.app, user.token, name, listCsv);
      ids.push((response.json() as BulkItem).requestId);
    }
    for (const id of ids) await waitUntilDone(t.app, user.token, id);
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/search-history/bulk?page=2&perPage=2',
      headers: { authorization: user.token },
    });
    expect(page.json()).toMatchObject({ currentPage: 2, totalPages: 2, totalItems: 3 });
    expect((page.json() as { items: BulkItem[] }).items.map((item) => item.input.fileName)).toEqual(
      ['one.csv'],
    );
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/search-history/bulk?requestId=${ids[1]}`,
      headers: { authorization: user.token },
    });
    expect((one.json() as { items: BulkItem[] }).items.map((item) => item.requestId)).toEqual([
      ids[1],
    ]);
  });

  it('tells a Verify emails upload (an e-mail column only) from a list to find, from the upload on', async () => {
    const user = await activeUser(t);
    const lists = [
      [
        'verify.csv',
        toCsv([
          ['Email', 'Note'],
          ['ann.lee@acme.test', 'x'],
        ]),
      ],
      ['find.csv', listCsv],
      // Rows with an address verify it, the others are found: a list to find.
      [
        'both.csv',
        toCsv([
          ['First Name', 'Last Name', 'Company', 'Email'],
          ['Ann', 'Lee', 'acme.test', ''],
        ]),
      ],
    ] as const;
    const uploaded: Array<[string, string]> = [];
    for (const [name, csv] of lists) {
      const response = await upload(t.app, user.token, name, csv);
      expect(response.statusCode, response.body).toBe(201);
      const item = response.json() as BulkItem;
      uploaded.push([name, item.kind]);
      await waitUntilDone(t.app, user.token, item.requestId);
    }
    expect(uploaded).toEqual([
      ['verify.csv', 'verify'],
      ['find.csv', 'find'],
      ['both.csv', 'find'],
    ]);
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/search-history/bulk',
      headers: { authorization: user.token },
    });
    const items = (history.json() as { items: BulkItem[] }).items;
    expect(items.map((item) => [item.input.fileName, item.kind])).toEqual([
      ['both.csv', 'find'],
      ['find.csv', 'find'],
      ['verify.csv', 'verify'],
    ]);
  });

  it('another user’s request is not found, and not listed', async () => {
    const owner = await activeUser(t);
    const other = await activeUser(t);
    const response = await upload(t.app, owner.token, 'mine.csv', listCsv);
    const { requestId } = response.json() as BulkItem;
    await waitUntilDone(t.app, owner.token, requestId);
    for (const url of [
      `/api/search-history/bulk/${requestId}`,
      '/api/search-history/bulk/not-a-uuid',
      `/api/file/${requestId}/preview`,
      `/api/file/${requestId}/input`,
      `/api/file/${requestId}/result/full`,
    ]) {
      const answer = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: other.token },
      });
      expect(answer.statusCode, url).toBe(404);
    }
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/search-history/bulk',
      headers: { authorization: other.token },
    });
    expect(list.json()).toMatchObject({ items: [], totalItems: 0 });
    expect((await readItem(t.app, owner.token, requestId)).status).toBe('completed');
  });
});
