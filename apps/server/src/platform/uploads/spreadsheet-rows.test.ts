import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import {
  readSpreadsheetRows,
  SpreadsheetRefusal,
  spreadsheetMessages,
} from './spreadsheet-rows.ts';
import { lyingZipBomb, xlsxOf, xlsxWithHugeCell } from './workbooks.test-kit.ts';

const options = { maxRows: 100, unreadable: 'unreadable' };

function refusalOf(read: () => unknown): { status: number; message: string } {
  try {
    read();
  } catch (error) {
    if (error instanceof SpreadsheetRefusal)
      return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('no refusal');
}

describe('the rows of an uploaded workbook', () => {
  it('are its first sheet’s cells as text: strings, numbers, booleans, dates as YYYY-MM-DD', async () => {
    const xlsx = await writeXlsxFile([
      [{ value: 'Name' }, { value: 'Joined' }, { value: 'Score' }, { value: 'Active' }],
      [
        { value: 'Ann & <Co>' },
        { value: new Date('2024-03-05T00:00:00Z'), format: 'yyyy-mm-dd' },
        { value: 1.5 },
        { value: true },
      ],
      [null, null, null, null],
      [{ value: 'Bob' }, null, { value: 'x' }],
    ]).toBuffer();
    expect(readSpreadsheetRows(xlsx, options)).toEqual({
      format: 'xlsx',
      rows: [
        ['Name', 'Joined', 'Score', 'Active'],
        ['Ann & <Co>', '2024-03-05', '1.5', 'true'],
        ['Bob', '', 'x'],
      ],
    });
  });

  it('reads inline and rich-text strings, prefixed elements and cells placed by reference', () => {
    const sheet = `<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>
      <x:row r="1"><x:c r="B1" t="inlineStr"><x:is><x:r><x:t>Ac</x:t></x:r><x:r><x:t xml:space="preserve">me &amp; Co</x:t></x:r></x:is></x:c></x:row>
      <x:row r="4"><x:c r="A4" t="str"><x:f>A1</x:f><x:v>_x0041_BC</x:v></x:c></x:row>
    </x:sheetData></x:worksheet>`;
    const zip = Buffer.from(zipSync({ 'xl/worksheets/sheet1.xml': strToU8(sheet) }));
    expect(readSpreadsheetRows(zip, options).rows).toEqual([['', 'Acme & Co'], ['ABC']]);
  });

  it('stops at maxRows: what comes after is never read', () => {
    const rows = [['Email'], ['a@acme.test'], ['b@acme.test'], ['x'.repeat(2000)]];
    expect(readSpreadsheetRows(xlsxOf(rows), { ...options, maxRows: 3 }).rows).toHaveLength(3);
    const csv = Buffer.from(rows.map((row) => row.join(',')).join('\n'));
    expect(readSpreadsheetRows(csv, { ...options, maxRows: 3 }).rows).toHaveLength(3);
  });

  it('refuses a CSV row longer than 1 MB, as an XLSX one: 400,000 cells of stray quotes', () => {
    const csv = Buffer.from(`Email,Name\n${'"x,"""y"z,'.repeat(200_000)}\n`);
    expect(refusalOf(() => readSpreadsheetRows(csv, options))).toEqual({
      status: 400,
      message: spreadsheetMessages.rowTooLong(2),
    });
    const wide = Buffer.from(`Email\n${','.repeat(1024 * 1024)}a@acme.test\n`);
    expect(refusalOf(() => readSpreadsheetRows(wide, options)).status).toBe(400);
  });

  it('refuses a part that declares more than 20 MB, and one that inflates past it', () => {
    const tooLarge = { status: 413, message: spreadsheetMessages.tooLargeUnpacked };
    expect(refusalOf(() => readSpreadsheetRows(xlsxWithHugeCell(['A'], 21e6), options))).toEqual(
      tooLarge,
    );
    expect(refusalOf(() => readSpreadsheetRows(lyingZipBomb(30e6), options))).toEqual(tooLarge);
  });

  it('refuses a broken archive as unreadable', () => {
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)]);
    expect(refusalOf(() => readSpreadsheetRows(broken, options))).toEqual({
      status: 400,
      message: 'unreadable',
    });
  });
});

describe('a cell', () => {
  it.each([
    ['of 1,001 characters', 'x'.repeat(1001), spreadsheetMessages.cellTooLong(3)],
    ['with a NUL', 'a\u0000b', spreadsheetMessages.nulCharacter(3)],
    ['with a lone surrogate', 'a\udfffb', spreadsheetMessages.illFormed(3)],
  ])('%s is refused, naming its row', (_, cell, message) => {
    const xlsx = xlsxOf([['Company'], ['ok'], [cell]]);
    expect(refusalOf(() => readSpreadsheetRows(xlsx, options))).toEqual({ status: 400, message });
  });

  it('in a CSV is held to the same, its row counted in lines', () => {
    const csv = Buffer.from(`Company\n\nok\n${'x'.repeat(1001)}\n`);
    expect(refusalOf(() => readSpreadsheetRows(csv, options))).toEqual({
      status: 400,
      message: spreadsheetMessages.cellTooLong(4),
    });
  });

  it('of exactly 1,000 characters is read', () => {
    const cell = 'x'.repeat(1000);
    expect(readSpreadsheetRows(xlsxOf([['Company'], [cell]]), options).rows[1]).toEqual([cell]);
  });
});
