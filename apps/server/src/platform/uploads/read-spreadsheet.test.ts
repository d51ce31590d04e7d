import { describe, expect, it } from 'vitest';
import { readMessages, readSpreadsheet } from './read-spreadsheet.ts';
import { spreadsheetMessages } from './spreadsheet-rows.ts';
import { lyingZipBomb, xlsxOf } from './workbooks.test-kit.ts';

const options = { maxRows: 100, unreadable: 'unreadable' };

describe('reading an upload in a worker thread', () => {
  it('answers its rows, or its refusal as the 4xx it is', async () => {
    expect(await readSpreadsheet(xlsxOf([['Company'], ['acme.test']]), options)).toEqual({
      format: 'xlsx',
      rows: [['Company'], ['acme.test']],
    });
    await expect(readSpreadsheet(lyingZipBomb(30e6), options)).rejects.toMatchObject({
      statusCode: 413,
      message: spreadsheetMessages.tooLargeUnpacked,
    });
    await expect(readSpreadsheet(Buffer.from([0, 1, 2, 3]), options)).rejects.toMatchObject({
      statusCode: 400,
      message: 'unreadable',
    });
  });

  it('stops a read that outlasts its time limit, says so, and reads the next ones', async () => {
    await expect(
      readSpreadsheet(lyingZipBomb(30e6), { ...options, timeoutMs: 1 }),
    ).rejects.toMatchObject({ statusCode: 413, message: readMessages.tooSlow });
    // The stopped worker is not reused: the next reads are answered.
    for (const company of ['acme.test', 'globex.test', 'initech.test']) {
      expect((await readSpreadsheet(xlsxOf([[company]]), options)).rows).toEqual([[company]]);
    }
  });
});
