import {
  bulkVerdictColumns,
  rowErrorText,
  safeSpreadsheetCell,
  type Verdict,
} from '@mailhound/contracts';
import Papa from 'papaparse';
import type { FileKind } from './schema.ts';
import { xlsxOfTable } from './xlsx-file.ts';

export type ResultRow = {
  cells: string[];
  email: string | null;
  score: number | null;
  error: string | null;
  // Null for a row with no verdict (searched before verdicts were kept, never looked up, or
  // nothing found): its verdict cells stay empty.
  verdict: Verdict | null;
};

export const resultColumns = ['Email', 'Score', 'Status', ...bulkVerdictColumns] as const;

export const contentTypes = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

function statusOf(row: ResultRow): string {
  if (row.error) return rowErrorText(row.error);
  if (row.email === null) return 'Not found';
  return (row.score ?? 0) >= 95 ? 'Verified' : 'Possible';
}

function verdictCells(verdict: Verdict | null): string[] {
  return bulkVerdictColumns.map((column) => (verdict ? String(verdict[column]) : ''));
}

// The header and rows of a result: the input columns, then Email, Score and Status, then the
// verdict's columns (true or false for its checks).
export function resultTable(header: string[], rows: ResultRow[]): string[][] {
  return [
    [...header, ...resultColumns],
    ...rows.map((row) => [
      ...header.map((_, index) => row.cells[index] ?? ''),
      row.email ?? '',
      row.email === null && row.error ? '' : String(row.score ?? 0),
      statusOf(row),
      ...verdictCells(row.verdict),
    ]),
  ];
}

function baseName(fileName: string): string {
  return fileName.replace(/\.(csv|xlsx)$/i, '') || 'results';
}

export function resultFileName(
  fileName: string,
  which: 'full' | 'success',
  format: 'csv' | 'xlsx',
) {
  return `${baseName(fileName)}-${which === 'full' ? 'all' : 'found'}.${format}`;
}

export async function encodeTable(table: string[][], format: 'csv' | 'xlsx'): Promise<Buffer> {
  // CSV cells that a spreadsheet would run as formulas get an apostrophe; XLSX cells are
  // written as text, which a spreadsheet never runs, so they keep their value as it is.
  if (format === 'csv') {
    const safe = table.map((row) => row.map(safeSpreadsheetCell));
    return Buffer.from(`\uFEFF${Papa.unparse(safe)}\r\n`, 'utf8');
  }
  return xlsxOfTable(table);
}

// The four result files stored at completion: all rows and found rows, as CSV and XLSX.
export async function buildResultFiles(
  fileName: string,
  header: string[],
  rows: ResultRow[],
): Promise<Array<{ kind: FileKind; fileName: string; contentType: string; content: Buffer }>> {
  const full = resultTable(header, rows);
  const success = resultTable(
    header,
    rows.filter((row) => row.email !== null),
  );
  const files = [];
  for (const [which, table] of [
    ['full', full],
    ['success', success],
  ] as const) {
    for (const format of ['csv', 'xlsx'] as const) {
      files.push({
        kind: `${which}.${format}` as const,
        fileName: resultFileName(fileName, which, format),
        contentType: contentTypes[format],
        content: await encodeTable(table, format),
      });
    }
  }
  return files;
}
