import { safeSpreadsheetCell } from '@mailhound/contracts';

// RFC 4180: a cell with a comma, a quote or a line break is quoted, its quotes doubled.
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

// A table as a CSV file the way the server writes its result files: a byte-order mark so that
// Excel reads UTF-8, CRLF line ends, and no cell a spreadsheet would run as a formula.
export function csvText(table: readonly (readonly string[])[]): string {
  const lines = table.map((row) =>
    row.map((cell) => csvField(safeSpreadsheetCell(cell))).join(','),
  );
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function csvBlob(table: readonly (readonly string[])[]): Blob {
  return new Blob([csvText(table)], { type: 'text/csv;charset=utf-8' });
}
