import { describe, expect, it } from 'vitest';
import { safeSpreadsheetCell } from './spreadsheet.ts';

describe('safeSpreadsheetCell', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    [' =1+2', "' =1+2"],
    ['ann@acme.test', 'ann@acme.test'],
    ['', ''],
  ])('%j → %j', (value, expected) => {
    expect(safeSpreadsheetCell(value)).toBe(expected);
  });
});
