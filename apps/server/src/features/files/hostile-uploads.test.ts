import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readsInProgress } from '../../platform/uploads/read-spreadsheet.ts';
import { spreadsheetMessages } from '../../platform/uploads/spreadsheet-rows.ts';
import {
  lyingZipBomb,
  xlsxOf,
  xlsxOfEmails,
  xlsxWithHugeCell,
} from '../../platform/uploads/workbooks.test-kit.ts';
import { activeUser } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { toCsv, upload } from '../bulk/bulk.test-kit.ts';
import { uploadMessages } from '../bulk/upload-file.ts';
import { putOnPaidPlan, uploadList } from '../lookalike/lookalike.test-kit.ts';

// Issue 20: a hostile spreadsheet gets a 4xx in words, stores nothing, and does not stop the
// server answering others while it is read.

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const header = ['First Name', 'Last Name', 'Company Website'];
const tables = ['bulk_requests', 'bulk_rows', 'bulk_files', 'lookalike_requests'];
const countAll = () => Promise.all(tables.map((table) => t.countRows(table)));

// A CSV whose NUL comes after the first 64 KiB, which the binary-file check reads.
const lateNulCsv = toCsv([
  header,
  ...Array.from({ length: 800 }, (_, i) => [`Ann${i}`, 'Lee'.padEnd(80, 'e'), 'acme.test']),
  ['Bob', 'R\u0000y', 'acme.test'],
]);

describe('a hostile bulk upload gets a 4xx in words and stores nothing', () => {
  const cases: Array<[string, string, () => Buffer | string, number, string]> = [
    [
      'a 40 MB cell',
      'cell.xlsx',
      () => xlsxWithHugeCell(header, 40 * 1024 * 1024),
      413,
      spreadsheetMessages.tooLargeUnpacked,
    ],
    [
      'a zip bomb whose sizes lie',
      'bomb.xlsx',
      () => lyingZipBomb(64 * 1024 * 1024),
      413,
      spreadsheetMessages.tooLargeUnpacked,
    ],
    [
      'a cell of 1,001 characters',
      'long.xlsx',
      () => xlsxOf([header, ['Ann', 'Lee', 'acme.test'], ['Bob', 'x'.repeat(1001), 'acme.test']]),
      400,
      spreadsheetMessages.cellTooLong(3),
    ],
    [
      'a NUL in an XLSX cell',
      'nul.xlsx',
      () => xlsxOf([header, ['Ann', 'Le\u0000e', 'acme.test']]),
      400,
      spreadsheetMessages.nulCharacter(2),
    ],
    [
      'a NUL in a CSV cell',
      'nul.csv',
      () => lateNulCsv,
      400,
      spreadsheetMessages.nulCharacter(802),
    ],
    [
      'a lone surrogate in a cell',
      'surrogate.xlsx',
      () => xlsxOf([header, ['Ann', 'Lee', 'acme.test'], ['\ud800Bob', 'Ray', 'acme.test']]),
      400,
      spreadsheetMessages.illFormed(3),
    ],
    ['300,000 rows', 'rows.xlsx', () => xlsxOfEmails(300_000), 400, uploadMessages.tooManyRows],
  ];

  it.each(cases)('%s', async (_, fileName, content, status, message) => {
    const user = await activeUser(t);
    const before = await countAll();
    const response = await upload(t.app, user.token, fileName, content());
    expect(response.statusCode, response.body).toBe(status);
    expect((response.json() as { message: string }).message).toBe(message);
    expect(await countAll()).toEqual(before);
  });

  it('rows past the limit are never read: a broken cell after row 10,001 goes unseen', async () => {
    const user = await activeUser(t);
    const rows = Array.from({ length: 10_001 }, (_, i) => [`p${i}@acme.test`]);
    const response = await upload(
      t.app,
      user.token,
      'rows.xlsx',
      xlsxOf([['Email'], ...rows, ['x'.repeat(5000)]]),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect((response.json() as { message: string }).message).toBe(uploadMessages.tooManyRows);
  });
});

describe('a hostile look-alike list gets a 4xx in words and stores nothing', () => {
  const cases: Array<[string, () => Buffer, number, string]> = [
    [
      'a 40 MB cell',
      () => xlsxWithHugeCell(['Company'], 40 * 1024 * 1024),
      413,
      spreadsheetMessages.tooLargeUnpacked,
    ],
    [
      'a lone surrogate in a cell',
      () => xlsxOf([['Company'], ['acme.test'], ['Acme\udc00']]),
      400,
      spreadsheetMessages.illFormed(3),
    ],
  ];

  it.each(cases)('%s', async (_, content, status, message) => {
    const user = await activeUser(t);
    await putOnPaidPlan(t.db, user.id, { credits: 10, leadSearches: 5 });
    const before = await countAll();
    const response = await uploadList(t.app, user.token, 'list.xlsx', content());
    expect(response.statusCode, response.body).toBe(status);
    expect((response.json() as { message: string }).message).toBe(message);
    expect(await countAll()).toEqual(before);
  });
});

describe('while a hostile file is read', () => {
  it('the server answers other calls before it answers the upload', async () => {
    const user = await activeUser(t);
    // 10,000 rows of long unique cells (18 MB of shared strings), then a NUL in the last row:
    // read to its end before it is refused.
    const rows = Array.from({ length: 10_000 }, (_, i) => [
      `${'a'.repeat(890)}${i}`,
      `${'b'.repeat(890)}${i}`,
      'acme.test',
    ]);
    const slow = xlsxOf([header, ...rows, ['Ann', 'Le\u0000e', 'acme.test']]);
    const uploading = upload(t.app, user.token, 'slow.xlsx', slow);
    // The read is under way once it holds a reader's turn; on the event loop, this check
    // could only run after the read had let go.
    await vi.waitFor(() => expect(readsInProgress()).toBe(1), { interval: 1, timeout: 20_000 });
    const health = await Promise.all(
      Array.from({ length: 3 }, async () => {
        const answer = await t.app.inject({ method: 'GET', url: '/healthz' });
        return { status: answer.statusCode, whileReading: readsInProgress() === 1 };
      }),
    );
    expect(health).toEqual(Array(3).fill({ status: 200, whileReading: true }));
    const response = await uploading;
    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toBe(
      spreadsheetMessages.nulCharacter(10_002),
    );
  });
});
