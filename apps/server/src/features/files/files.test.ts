import { rowMessages, verifyReasons } from '@mailhound/contracts';
import { type MailLab, startMailLab } from '@mailhound/mail-lab';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { readItem, toCsv, upload, waitUntilDone } from '../bulk/bulk.test-kit.ts';
import type { BulkItem } from '../bulk/bulk-store.ts';
import { bulkRows } from '../bulk/schema.ts';
import { applyCreditEntry } from '../credits/credit-ledger.ts';
import { creditAccounts, creditEntries } from '../credits/schema.ts';
import { labEnv } from '../search/search.test-kit.ts';

let lab: MailLab;
let t: TestContext;

beforeAll(async () => {
  lab = await startMailLab({
    hosts: [{ name: 'mx.acme.test', address: '127.0.8.2' }],
    domains: [
      {
        name: 'acme.test',
        mx: [{ priority: 10, host: 'mx.acme.test' }],
        mailboxes: ['ann.lee', 'bob.ray'],
      },
      { name: 'catchall.test', mx: [{ priority: 10, host: 'mx.acme.test' }], catchAll: true },
      { name: 'gone.test', nxdomain: true },
      // The address found is not the first one tried (ann.lee is refused).
      { name: 'initials.test', mx: [{ priority: 10, host: 'mx.acme.test' }], mailboxes: ['alee'] },
    ],
  });
  t = await createTestContext({ jobs: true, env: labEnv(lab) });
});
afterAll(async () => {
  await t.close();
  await lab.close();
});

const listCsv = toCsv([
  ['First Name', 'Last Name', 'Company Website', 'Note'],
  ['Ann', 'Lee', 'acme.test', '=HYPERLINK("http://evil.test")'],
  ['Zed', 'Nobody', 'acme.test', ''],
  ['Bob', 'Ray', 'acme.test', '+1 555'],
  ['Cat', 'Fox', 'catchall.test', '@risk'],
  ['Dan', 'Doe', 'gone.test', '-2'],
]);

// The result columns: ours, then the verdict's (issue 22) in Hunter's words.
const verdictHeader = 'status accept_all disposable webmail role mx_records smtp_check reason';
const resultHeader = ['Email', 'Score', 'Status', ...verdictHeader.split(' ')];
// A verdict's cells: its status; accept_all, disposable, webmail, role, mx_records and
// smtp_check as true or false; its reason.
function verdictCells(status: string, checks: string, reason: string): string[] {
  return [status, ...checks.split(' '), reason];
}
const validVerdict = verdictCells(
  'valid',
  'false false false false true true',
  verifyReasons.valid,
);
const acceptAllVerdict = verdictCells(
  'accept_all',
  'true false false false true true',
  verifyReasons.acceptAll,
);
const noVerdict = Array<string>(8).fill('');

async function completedUpload(token: string, fileName = 'leads.csv', content = listCsv) {
  const response = await upload(t.app, token, fileName, content);
  expect(response.statusCode, response.body).toBe(201);
  return waitUntilDone(t.app, token, (response.json() as BulkItem).requestId);
}

async function balanceOf(userId: string) {
  const [row] = await t.db.select().from(creditAccounts).where(eq(creditAccounts.userId, userId));
  return row?.balance ?? 0;
}

function get(url: string, token: string) {
  return t.app.inject({ method: 'GET', url, headers: { authorization: token } });
}

describe('the preview', () => {
  it('shows the header row and the first rows, found or not, an address masked (j•••@acme.com) with its score, the counts and what a download costs', async () => {
    const user = await activeUser(t);
    const item = await completedUpload(user.token);
    const response = await get(`/api/file/${item.requestId}/preview`, user.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      fileName: 'leads.csv',
      rows: [
        ['First Name', 'Last Name', 'Company Website', 'Note', ...resultHeader],
        [
          'Ann',
          'Lee',
          'acme.test',
          '=HYPERLINK("http://evil.test")',
          'a•••@acme.test',
          '99',
          'Verified',
          ...validVerdict,
        ],
        ['Zed', 'Nobody', 'acme.test', '', '', '0', 'Not found', ...noVerdict],
        ['Bob', 'Ray', 'acme.test', '+1 555', 'b•••@acme.test', '99', 'Verified', ...validVerdict],
        [
          'Cat',
          'Fox',
          'catchall.test',
          '@risk',
          expect.stringMatching(/^[a-z]•••@catchall\.test$/),
          '50',
          'Possible',
          ...acceptAllVerdict,
        ],
        ['Dan', 'Doe', 'gone.test', '-2', '', '', rowMessages.noBusinessEmail, ...noVerdict],
      ],
      paid: false,
      credits: 2,
      hasInputFile: true,
      // Every row is counted, the failures by their reason in words.
      summary: {
        rows: 5,
        found: 3,
        verified: 2,
        notFound: 1,
        failed: [{ reason: rowMessages.noBusinessEmail, count: 1 }],
        toVerify: 0,
      },
    });
    // Uploading the list again gives no address for free either.
    const again = await completedUpload(user.token);
    const second = await get(`/api/file/${again.requestId}/preview`, user.token);
    expect(JSON.stringify(second.json())).not.toMatch(/ann\.lee|bob\.ray/);
  });

  it('shows the addresses once the result is paid for', async () => {
    const user = await activeUser(t);
    const item = await completedUpload(user.token);
    const download = await get(`/api/file/${item.requestId}/result/success`, user.token);
    expect(download.statusCode, download.body).toBe(200);
    const response = await get(`/api/file/${item.requestId}/preview`, user.token);
    expect(response.json()).toMatchObject({ paid: true, credits: 0 });
    const rows = (response.json() as { rows: string[][] }).rows;
    expect(rows.map((row) => row[4])).toEqual([
      'Email',
      'ann.lee@acme.test',
      '',
      'bob.ray@acme.test',
      expect.stringMatching(/^[a-z.]+@catchall\.test$/),
      '',
    ]);
  });
});

// A 'Verify emails' list: an Email column only.
const verifyCsv = toCsv([
  ['Email'],
  ['ann.lee@acme.test'],
  ['zed.nobody@acme.test'],
  ['who@catchall.test'],
  ['dan.doe@gone.test'],
  ['not an address'],
]);
const invalidVerdict = verdictCells(
  'invalid',
  'false false false false true false',
  verifyReasons.rejected,
);
const noMailServerVerdict = verdictCells(
  'invalid',
  'false false false false false false',
  verifyReasons.noMailServer,
);

describe('a verify-only list', () => {
  it('gives each address its verdict in the CSV and XLSX files: valid, invalid, accept_all', async () => {
    const user = await activeUser(t);
    const item = await completedUpload(user.token, 'emails.csv', verifyCsv);
    const verdicts = [
      verdictHeader.split(' '),
      validVerdict,
      invalidVerdict,
      acceptAllVerdict,
      noMailServerVerdict,
      // A cell that is not an address is never looked up: no verdict is made up for it.
      noVerdict,
    ];
    const csv = await get(`/api/file/${item.requestId}/result/full`, user.token);
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = Papa.parse<string[]>(csv.body.replace(/^\uFEFF/, ''), {
      skipEmptyLines: true,
    }).data;
    expect(rows.map((row) => row.slice(4))).toEqual(verdicts);
    expect(rows.map((row) => row[0])).toEqual([
      'Email',
      'ann.lee@acme.test',
      'zed.nobody@acme.test',
      'who@catchall.test',
      'dan.doe@gone.test',
      'not an address',
    ]);
    const xlsx = await get(`/api/file/${item.requestId}/result/full?format=xlsx`, user.token);
    expect(xlsx.statusCode).toBe(200);
    const sheet = await readSheet(xlsx.rawPayload);
    expect(sheet.map((row) => row.slice(4).map((cell) => cell ?? ''))).toEqual(verdicts);
  });

  it('the preview of an unpaid list shows the uploaded addresses and no verdict; after the download it does', async () => {
    const user = await activeUser(t);
    const item = await completedUpload(
      user.token,
      'emails.csv',
      toCsv([['Email'], ['bob.ray@acme.test'], ['zed.nobody@acme.test']]),
    );
    const unpaid = await get(`/api/file/${item.requestId}/preview`, user.token);
    expect(unpaid.statusCode, unpaid.body).toBe(200);
    const preview = unpaid.json() as { rows: string[][]; paid: boolean; credits: number };
    // Up to one credit an address: which of them is valid (charged) is what the download sells.
    expect(preview).toMatchObject({ paid: false, credits: 2 });
    // Every column stays; what a download sells (the verdict, its score and status) is masked
    // on each row, charged or not, so that which rows are masked tells nothing either.
    const masked = Array<string>(10).fill('•••');
    expect(preview.rows.slice(1)).toEqual([
      ['bob.ray@acme.test', 'b•••@acme.test', ...masked],
      ['zed.nobody@acme.test', 'z•••@acme.test', ...masked],
    ]);
    expect(JSON.stringify(preview.rows)).not.toMatch(/valid|Verified|true|false|99/);

    const download = await get(`/api/file/${item.requestId}/result/full`, user.token);
    expect(download.statusCode, download.body).toBe(200);
    const paid = await get(`/api/file/${item.requestId}/preview`, user.token);
    expect(paid.json()).toMatchObject({ paid: true, credits: 0 });
    expect((paid.json() as { rows: string[][] }).rows[1]).toEqual([
      'bob.ray@acme.test',
      'bob.ray@acme.test',
      '99',
      'Verified',
      ...validVerdict,
    ]);
  });
});

describe('a found address', () => {
  it('is judged by the reply it got, not by the first address tried', async () => {
    const user = await activeUser(t);
    const list = toCsv([
      ['First Name', 'Last Name', 'Company Website'],
      ['Ann', 'Lee', 'initials.test'],
    ]);
    const item = await completedUpload(user.token, 'initials.csv', list);
    const csv = await get(`/api/file/${item.requestId}/result/full`, user.token);
    const rows = Papa.parse<string[]>(csv.body.replace(/^\uFEFF/, ''), {
      skipEmptyLines: true,
    }).data;
    expect(rows[1]?.slice(3)).toEqual(['alee@initials.test', '99', 'Verified', ...validVerdict]);
  });
});

describe('a list searched before verdicts were kept', () => {
  it('shows its rows with the verdict columns empty, never made up', async () => {
    const user = await activeUser(t);
    const item = await completedUpload(user.token);
    // What a row searched before this change holds: its result and no verdict.
    await t.db
      .update(bulkRows)
      .set({ verdict: null })
      .where(eq(bulkRows.requestId, item.requestId));
    const response = await get(`/api/file/${item.requestId}/preview`, user.token);
    const rows = (response.json() as { rows: string[][] }).rows;
    expect(rows.map((row) => row.slice(4))).toEqual([
      resultHeader,
      ['a•••@acme.test', '99', 'Verified', ...noVerdict],
      ['', '0', 'Not found', ...noVerdict],
      ['b•••@acme.test', '99', 'Verified', ...noVerdict],
      [expect.stringMatching(/•••@catchall\.test$/), '50', 'Possible', ...noVerdict],
      ['', '', rowMessages.noBusinessEmail, ...noVerdict],
    ]);
  });
});

describe('downloads', () => {
  it('gives back the original upload with its file name', async () => {
    const user = await activeUser(t);
    const item = await completedUpload(user.token, 'my list.csv');
    const response = await get(`/api/file/${item.requestId}/input`, user.token);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(listCsv);
    expect(response.headers['content-disposition']).toContain('filename="my list.csv"');
  });

  it('charges the verified rows once, on the first result download; later downloads are free', async () => {
    const user = await activeUser(t);
    const item = await completedUpload(user.token);
    expect(await balanceOf(user.id)).toBe(25);

    const full = await get(`/api/file/${item.requestId}/result/full`, user.token);
    expect(full.statusCode, full.body).toBe(200);
    expect(full.headers['content-type']).toMatch(/^text\/csv/);
    expect(full.headers['content-disposition']).toContain('filename="leads-all.csv"');
    expect(await balanceOf(user.id)).toBe(23);
    const rows = Papa.parse<string[]>(full.body.replace(/^\uFEFF/, ''), {
      skipEmptyLines: true,
    }).data;
    expect(rows.map((row) => row.slice(4))).toEqual([
      resultHeader,
      ['ann.lee@acme.test', '99', 'Verified', ...validVerdict],
      ['', '0', 'Not found', ...noVerdict],
      ['bob.ray@acme.test', '99', 'Verified', ...validVerdict],
      [expect.stringMatching(/@catchall\.test$/), '50', 'Possible', ...acceptAllVerdict],
      ['', '', rowMessages.noBusinessEmail, ...noVerdict],
    ]);
    // Formula injection: cells a spreadsheet would run start with an apostrophe.
    expect(rows.map((row) => row[3])).toEqual([
      'Note',
      '\'=HYPERLINK("http://evil.test")',
      '',
      "'+1 555",
      "'@risk",
      "'-2",
    ]);

    const found = await get(`/api/file/${item.requestId}/result/success?format=xlsx`, user.token);
    expect(found.statusCode).toBe(200);
    expect(found.headers['content-disposition']).toContain('filename="leads-found.xlsx"');
    const sheet = await readSheet(found.rawPayload);
    expect(sheet.map((row) => row[4])).toEqual([
      'Email',
      'ann.lee@acme.test',
      'bob.ray@acme.test',
      expect.stringMatching(/@catchall\.test$/),
    ]);
    // An XLSX cell is text, which a spreadsheet never runs: it keeps the value as written.
    expect(sheet[1]?.[3]).toBe('=HYPERLINK("http://evil.test")');

    const again = await get(`/api/file/${item.requestId}/result/full?format=xlsx`, user.token);
    expect(again.statusCode).toBe(200);
    expect(await balanceOf(user.id)).toBe(23);
    const charges = await t.db
      .select({ amount: creditEntries.amount })
      .from(creditEntries)
      .where(eq(creditEntries.idempotencyKey, `bulk_purchase:${item.requestId}`));
    expect(charges).toEqual([{ amount: 2 }]);
    expect((await readItem(t.app, user.token, item.requestId)).purchases).toEqual([
      { id: expect.any(String), credits: 2, createdAt: expect.any(String) },
    ]);
    const preview = await get(`/api/file/${item.requestId}/preview`, user.token);
    expect(preview.json()).toMatchObject({ paid: true, credits: 0 });
  });

  it('two downloads at once pay once', async () => {
    const user = await activeUser(t);
    const item = await completedUpload(user.token);
    const answers = await Promise.all([
      get(`/api/file/${item.requestId}/result/full`, user.token),
      get(`/api/file/${item.requestId}/result/success`, user.token),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await balanceOf(user.id)).toBe(23);
    expect((await readItem(t.app, user.token, item.requestId)).purchases).toHaveLength(1);
  });

  it('402 Not enough credits when the available balance is short, and nothing is paid', async () => {
    const user = await activeUser(t);
    const item = await completedUpload(user.token);
    await t.db.transaction((tx) =>
      applyCreditEntry(tx, {
        userId: user.id,
        kind: 'charge',
        amount: 24,
        idempotencyKey: `spend:${user.id}`,
      }),
    );
    const response = await get(`/api/file/${item.requestId}/result/full`, user.token);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ message: 'Not enough credits' });
    expect(await balanceOf(user.id)).toBe(1);
    expect((await readItem(t.app, user.token, item.requestId)).purchases).toEqual([]);
  });
});
