import {
  bulkVerdictColumns,
  rowErrorText,
  safeSpreadsheetCell,
  type Verdict,
} from '@mailhound/contracts';
import Papa from 'papaparse';
import type { FileKind } from './schema.ts';
import { createXlsxSheet } from './xlsx-file.ts';

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
  return [resultHeader(header), ...resultRows(header, rows)];
}

function resultHeader(header: string[]): string[] {
  return [...header, ...resultColumns];
}

function resultRows(header: string[], rows: ResultRow[]): string[][] {
  return rows.map((row) => [
    ...header.map((_, index) => row.cells[index] ?? ''),
    row.email ?? '',
    row.email === null && row.error ? '' : String(row.score ?? 0),
    statusOf(row),
    ...verdictCells(row.verdict),
  ]);
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

// CSV cells that a spreadsheet would run as formulas get an apostrophe; XLSX cells are written
// as text, which a spreadsheet never runs, so they keep their value as it is.
function csvLines(table: string[][]): string {
  return Papa.unparse(table.map((row) => row.map(safeSpreadsheetCell)));
}

type ResultFile = { kind: FileKind; fileName: string; contentType: string; content: Buffer };

// The four result files stored at completion (all rows and found rows, as CSV and XLSX),
// built a page of rows at a time: a page's rows and tables are dropped once encoded (as
// UTF-8 bytes, the XLSX's deflated), so a large list is never in memory as objects or
// strings.
export function createResultFiles(fileName: string, header: string[]) {
  const outputs = (['full', 'success'] as const).map((which) => ({
    which,
    csv: [Buffer.from('\uFEFF', 'utf8')],
    xlsx: createXlsxSheet(),
  }));
  const add = (which: 'full' | 'success', table: string[][]) => {
    const output = outputs.find((candidate) => candidate.which === which);
    if (!output || table.length === 0) return;
    output.csv.push(Buffer.from(`${csvLines(table)}\r\n`, 'utf8'));
    output.xlsx.add(table);
  };
  add('full', [resultHeader(header)]);
  add('success', [resultHeader(header)]);
  return {
    add: (rows: ResultRow[]) => {
      add('full', resultRows(header, rows));
      add(
        'success',
        resultRows(
          header,
          rows.filter((row) => row.email !== null),
        ),
      );
    },
    finish: (): ResultFile[] =>
      outputs.flatMap(({ which, csv, xlsx }) => [
        {
          kind: `${which}.csv` as const,
          fileName: resultFileName(fileName, which, 'csv'),
          contentType: contentTypes.csv,
          content: Buffer.concat(csv),
        },
        {
          kind: `${which}.xlsx` as const,
          fileName: resultFileName(fileName, which, 'xlsx'),
          contentType: contentTypes.xlsx,
          content: xlsx.finish(),
        },
      ]),
  };
}
