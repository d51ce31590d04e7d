import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { readSpreadsheet } from '../../platform/uploads/read-spreadsheet.ts';
import { createXlsxSheet } from './xlsx-file.ts';

// The table's XLSX, its rows added in two pages as the result files add them.
function xlsxOfTable(table: string[][]): Buffer {
  const sheet = createXlsxSheet();
  sheet.add(table.slice(0, 2));
  sheet.add(table.slice(2));
  return sheet.finish();
}

const wide = Array.from({ length: 30 }, (_, index) => `c${index}`);
const table = [
  ['Name', 'Note', 'Email', ...wide],
  ['Ann & Bob <ab>', '=HYPERLINK("http://evil.test")', 'ann@acme.test', ...wide],
  ['  padded  ', '', 'tab\there\u0007bell', ...wide],
];

describe('a result XLSX', () => {
  it('opens in a spreadsheet reader with every cell as written, as text', async () => {
    const sheet = await readSheet(xlsxOfTable(table));
    expect(sheet[0]?.slice(0, 3)).toEqual(['Name', 'Note', 'Email']);
    expect(sheet[1]).toEqual(table[1]);
    // A control character XML cannot carry is dropped; an empty cell keeps its column.
    expect(sheet[2]?.slice(1, 3)).toEqual([null, 'tab\therebell']);
    expect(sheet[2]?.at(-1)).toBe('c29');
  });

  it('reads back through the upload reader, spaces kept', async () => {
    const read = await readSpreadsheet(xlsxOfTable(table), {
      maxRows: 10,
      unreadable: 'unreadable',
      textScanChars: 65_536,
    });
    expect(read.format).toBe('xlsx');
    expect(read.rows).toEqual([table[0], table[1], ['  padded  ', '', 'tab\therebell', ...wide]]);
  });

  it('keeps every row of a long list in order, a cell longer than the write buffer too', async () => {
    const long = `${'ø'.repeat(100_000)}&end`;
    const rows = Array.from({ length: 3000 }, (_, index) => [`row ${index}`, `ånd <${index}>`]);
    rows[1500] = ['row 1500', long];
    const sheet = await readSheet(xlsxOfTable([['Name', 'Note'], ...rows]));
    expect(sheet).toHaveLength(3001);
    expect(sheet[1]).toEqual(['row 0', 'ånd <0>']);
    expect(sheet[1501]).toEqual(['row 1500', long]);
    expect(sheet[3000]).toEqual(['row 2999', 'ånd <2999>']);
  });
});
