import {
  BULK_MAX_BYTES,
  BULK_MAX_ROWS,
  type BulkColumns,
  bulkUploadMessages,
  hasUsableColumns,
  isDomainLike,
  recogniseColumns,
} from '@mailhound/contracts';
import { normaliseDomain } from '@mailhound/finder';
import { badRequest } from '../../platform/errors.ts';
import { readSpreadsheet } from '../../platform/uploads/read-spreadsheet.ts';
import type { BulkQuery } from './schema.ts';

// The upload limits (README 'Limits', contracts' bulk.ts): over the size the upload is refused
// with a 413 before it is parsed.
export const maxUploadBytes = BULK_MAX_BYTES;
export const maxUploadRows = BULK_MAX_ROWS;
export const uploadMessages = bulkUploadMessages;

export const rowMessages = {
  missingFields: 'The row needs a first name, a last name and a company website or name.',
  invalidEmail: 'The email address is not valid.',
} as const;

export type UploadFormat = 'csv' | 'xlsx';

// README 'Limits': a bulk upload is a CSV or XLSX file, told by its name as the upload dialog
// tells it; a .txt or an unnamed part is refused even when its text would parse.
export function isSpreadsheetName(name: string | undefined): name is string {
  return /\.(csv|xlsx)$/i.test((name ?? '').trim());
}

export type ParsedUpload = {
  format: UploadFormat;
  header: string[];
  // Every non-empty data row, as many cells as the header.
  rows: string[][];
};

// What one row asks: a given address is verified; otherwise a name and a company are looked up.
export function queryOfRow(columns: BulkColumns, cells: string[]): BulkQuery {
  const cell = (index: number | undefined) => (index === undefined ? '' : (cells[index] ?? ''));
  const email = cell(columns.email).trim();
  if (email !== '') {
    return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)
      ? { kind: 'verify', email: email.toLowerCase() }
      : { kind: 'skip', reason: rowMessages.invalidEmail };
  }
  const firstName = cell(columns.firstName).trim();
  const lastName = cell(columns.lastName).trim();
  const company = cell(columns.website).trim() || cell(columns.companyName).trim();
  if (firstName === '' || lastName === '' || company === '') {
    return { kind: 'skip', reason: rowMessages.missingFields };
  }
  return { kind: 'find', firstName, lastName, company };
}

// Rows that carry a first name, a last name and an address: people the user already knows.
export function peopleOfUpload(upload: { columns: BulkColumns; rows: string[][] }) {
  const { firstName, lastName, email } = upload.columns;
  if (firstName === undefined || lastName === undefined || email === undefined) return [];
  return upload.rows
    .map((cells) => ({
      firstName: cells[firstName]?.trim() ?? '',
      lastName: cells[lastName]?.trim() ?? '',
      email: cells[email]?.trim() ?? '',
    }))
    .filter((person) => person.firstName && person.lastName && person.email.includes('@'));
}

// The key rows are grouped by: rows with one key probe one domain.
export function domainKeyOf(query: BulkQuery): string {
  if (query.kind === 'verify') return query.email.slice(query.email.lastIndexOf('@') + 1);
  if (query.kind === 'skip') return '';
  return isDomainLike(query.company)
    ? normaliseDomain(query.company)
    : `name:${query.company.toLowerCase()}`;
}

// Parses an upload, or throws the 4xx that says what is wrong with it. Off the event loop,
// reading no further than one row past the limit (files/read-spreadsheet.ts); `count` is
// the number of data rows, known before anything is stored or held.
export async function parseUpload(
  bytes: Buffer,
  options: { maxRows?: number } = {},
): Promise<ParsedUpload & { columns: BulkColumns; count: number }> {
  const maxRows = options.maxRows ?? maxUploadRows;
  if (bytes.length === 0) throw badRequest(uploadMessages.noRows);
  // The header, and one row past the limit to tell an oversized file; a binary file is not a
  // CSV, the first 64 KiB tell.
  const read = await readSpreadsheet(bytes, {
    maxRows: maxRows + 2,
    unreadable: uploadMessages.notSpreadsheet,
    textScanChars: 65_536,
  });
  const [first = [], ...rest] = read.rows;
  const header = first.map((cell) => cell.trim());
  const rows = rest.map((row) => header.map((_, index) => row[index] ?? ''));
  const columns = recogniseColumns(header);
  if (header.every((cell) => cell === '') && rows.length === 0) {
    throw badRequest(uploadMessages.noRows);
  }
  if (!hasUsableColumns(columns)) throw badRequest(uploadMessages.noColumns);
  if (rows.length === 0) throw badRequest(uploadMessages.noRows);
  if (rows.length > maxRows) throw badRequest(uploadMessages.tooManyRows);
  return { format: read.format, header, rows, columns, count: rows.length };
}

export const chunkRows = 100;

// Chunk numbers for rows, given each row's domain key: a domain's rows share a chunk (one SMTP
// session and one catch-all probe), small domains are packed together up to `size` rows, a
// domain larger than that gets chunks of its own.
export function assignChunks(keys: string[], size = chunkRows): number[] {
  const groups = new Map<string, number[]>();
  keys.forEach((key, index) => {
    const group = groups.get(key) ?? [];
    group.push(index);
    groups.set(key, group);
  });
  const chunks: number[] = new Array(keys.length);
  let chunk = 0;
  let filled = 0;
  for (const indexes of groups.values()) {
    for (let start = 0; start < indexes.length; start += size) {
      const piece = indexes.slice(start, start + size);
      if (filled > 0 && filled + piece.length > size) {
        chunk += 1;
        filled = 0;
      }
      for (const index of piece) chunks[index] = chunk;
      filled += piece.length;
    }
  }
  return chunks;
}
