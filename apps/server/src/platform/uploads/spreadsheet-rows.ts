import { TextDecoder } from 'node:util';
import { Inflate } from 'fflate';
import { readCsvTable } from './csv-rows.ts';
import { isZip, uploadedText } from './uploaded-text.ts';

// The rows of an uploaded spreadsheet (CSV, TXT or XLSX), read with bounds a hostile file
// cannot get past (issue 20): an XLSX part is refused by the size its ZIP declares and again
// when inflating it passes that bound (the declared size may lie); the sheet is read row by
// row and reading stops after `maxRows` rows; a cell is at most 1,000 characters of
// well-formed text without NUL, which PostgreSQL refuses.

export const maxCellChars = 1000;
export const maxUnpackedBytes = 20 * 1024 * 1024;
// A row still open after this much XML (or a CSV row this long) is no spreadsheet row: 1,000
// characters a cell would take thousands of columns.
const maxRowXmlChars = 1024 * 1024;
// Compressed bytes inflated at a time: DEFLATE expands at most ~1,032 times, so one step
// stays within a few MB past the bound.
const inflateStep = 4096;

export const spreadsheetMessages = {
  tooLargeUnpacked: 'The spreadsheet is larger than 20 MB unpacked.',
  cellTooLong: (row: number) =>
    `Row ${row} has a cell longer than ${maxCellChars.toLocaleString('en-US')} characters.`,
  nulCharacter: (row: number) => `Row ${row} has a cell with a NUL character, which is not text.`,
  illFormed: (row: number) =>
    `Row ${row} has a cell with an ill-formed character (a lone UTF-16 surrogate), which is not text.`,
  rowTooLong: (row: number) => `Row ${row} is longer than 1 MB.`,
} as const;

export class SpreadsheetRefusal extends Error {
  readonly status: 400 | 413;

  constructor(status: 400 | 413, message: string) {
    super(message);
    this.status = status;
  }
}

export type SpreadsheetRows = {
  format: 'csv' | 'xlsx';
  // The non-blank rows in file order, the header among them, at most `maxRows`.
  rows: string[][];
};

export type SpreadsheetOptions = {
  // Non-blank rows to read at most (a caller asks one past its limit to tell an oversized file).
  maxRows: number;
  // The refusal of a file that is neither a workbook nor text.
  unreadable: string;
  // How much of a text file is checked for binary bytes (all of it by default).
  textScanChars?: number;
};

const loneSurrogate = /\p{Surrogate}/u;

function checkCell(text: string, row: number): string {
  if (text.length > maxCellChars) throw refusal(spreadsheetMessages.cellTooLong(row));
  if (text.includes('\u0000')) throw refusal(spreadsheetMessages.nulCharacter(row));
  if (loneSurrogate.test(text)) throw refusal(spreadsheetMessages.illFormed(row));
  return text;
}

const refusal = (message: string) => new SpreadsheetRefusal(400, message);
const isBlank = (row: string[]) => row.every((cell) => cell.trim() === '');

export function readSpreadsheetRows(
  bytes: Uint8Array,
  options: SpreadsheetOptions,
): SpreadsheetRows {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (isZip(buffer)) return { format: 'xlsx', rows: readXlsxRows(buffer, options) };
  const text = uploadedText(buffer, options.textScanChars);
  if (text === null) throw refusal(options.unreadable);
  const table = readCsvTable(text, options.maxRows);
  table.rows.forEach((row, index) => {
    const rowNumber = table.rowNumbers[index] ?? index + 1;
    // The same bound as an XLSX row's: a row of hundreds of thousands of empty or quoted
    // cells is no list of people, and would be stored as one.
    const chars = row.reduce((sum, cell) => sum + cell.length + 1, 0);
    if (chars > maxRowXmlChars) throw refusal(spreadsheetMessages.rowTooLong(rowNumber));
    for (const cell of row) checkCell(cell, rowNumber);
  });
  return { format: 'csv', rows: table.rows };
}

// --- ZIP: the central directory's entries, and an entry's text inflated within the bound.

type ZipEntry = { method: number; compressedSize: number; declaredSize: number; offset: number };

function zipEntries(zip: Buffer, unreadable: string): Map<string, ZipEntry> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || end + 22 > zip.length) throw refusal(unreadable);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, ZipEntry>();
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) throw refusal(unreadable);
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    entries.set(name, {
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      // 0xFFFFFFFF is ZIP64's "see the extra field": over 4 GB, refused as such.
      declaredSize: zip.readUInt32LE(at + 24),
      offset: zip.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

// The entry's text, a piece at a time; throws once the declared or the inflated size passes
// the bound.
function* entryText(zip: Buffer, entry: ZipEntry, unreadable: string): Generator<string> {
  if (entry.declaredSize > maxUnpackedBytes) {
    throw new SpreadsheetRefusal(413, spreadsheetMessages.tooLargeUnpacked);
  }
  const local = entry.offset;
  if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50) throw refusal(unreadable);
  const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
  const data = zip.subarray(dataAt, dataAt + entry.compressedSize);
  const decoder = new TextDecoder();
  if (entry.method === 0) {
    if (data.length > maxUnpackedBytes) {
      throw new SpreadsheetRefusal(413, spreadsheetMessages.tooLargeUnpacked);
    }
    yield decoder.decode(data);
    return;
  }
  if (entry.method !== 8) throw refusal(unreadable);
  let inflated = 0;
  const pieces: Uint8Array[] = [];
  const inflate = new Inflate((piece) => {
    inflated += piece.length;
    if (inflated > maxUnpackedBytes) {
      throw new SpreadsheetRefusal(413, spreadsheetMessages.tooLargeUnpacked);
    }
    pieces.push(piece);
  });
  for (let at = 0; at < data.length; at += inflateStep) {
    try {
      inflate.push(data.subarray(at, at + inflateStep), at + inflateStep >= data.length);
    } catch (error) {
      if (error instanceof SpreadsheetRefusal) throw error;
      throw refusal(unreadable);
    }
    for (const piece of pieces.splice(0)) yield decoder.decode(piece, { stream: true });
  }
  yield decoder.decode();
}

function entryWhole(zip: Buffer, entry: ZipEntry | undefined, unreadable: string): string {
  return entry ? [...entryText(zip, entry, unreadable)].join('') : '';
}

// --- XLSX: the first sheet's rows, its shared strings, and which styles are dates.

const tag = (name: string) => `<(?:[\\w.-]+:)?${name}\\b`;
const closing = (name: string) => `</(?:[\\w.-]+:)?${name}>`;
// An element: its attributes, and its content unless it closes itself.
const element = (name: string) =>
  new RegExp(`${tag(name)}([^>]*?)(?:/>|>([\\s\\S]*?)${closing(name)})`, 'g');

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function xmlText(raw: string): string {
  return raw
    .replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, name: string) => {
      if (!name.startsWith('#')) return entities[name] ?? whole;
      const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
    })
    .replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
}

// The text of a shared or inline string: its runs, without phonetic hints.
function richText(xml: string): string {
  const visible = xml.replace(new RegExp(`${tag('rPh')}[\\s\\S]*?${closing('rPh')}`, 'g'), '');
  let text = '';
  for (const match of visible.matchAll(element('t'))) text += xmlText(match[2] ?? '');
  return text;
}

const attribute = (attributes: string, name: string) =>
  new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1];

// Built-in number formats that show a date (ECMA-376 18.8.30), and a custom code that has
// day, month or year letters outside quotes and brackets.
const dateFormats = new Set([14, 15, 16, 17, 22, 27, 30, 36, 45, 46, 47, 50, 57]);
function isDateCode(code: string): boolean {
  return /[dmy]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, ''));
}

function dateStyles(styles: string): boolean[] {
  const custom = new Map<number, string>();
  for (const match of styles.matchAll(new RegExp(`${tag('numFmt')}[^>]*>`, 'g'))) {
    const id = Number(attribute(match[0], 'numFmtId'));
    custom.set(id, xmlText(attribute(match[0], 'formatCode') ?? ''));
  }
  const xfs = new RegExp(`${tag('cellXfs')}[^>]*>([\\s\\S]*?)${closing('cellXfs')}`).exec(
    styles,
  )?.[1];
  return [...(xfs ?? '').matchAll(new RegExp(`${tag('xf')}[^>]*>`, 'g'))].map((match) => {
    const id = Number(attribute(match[0], 'numFmtId') ?? 0);
    const code = custom.get(id);
    return code === undefined ? dateFormats.has(id) : isDateCode(code);
  });
}

// Excel's day numbers count from 1899-12-30 (the 1900 system, whose phantom 29 February 1900
// that offset absorbs) or from 1904-01-01.
function excelDate(serial: number, date1904: boolean): string {
  const days = serial + (date1904 ? 1462 : 0);
  const time = Date.UTC(1899, 11, 30) + Math.round(days * 86_400_000);
  return Number.isFinite(time) ? new Date(time).toISOString().slice(0, 10) : String(serial);
}

function columnIndex(reference: string | undefined): number | undefined {
  const letters = /^([A-Z]+)\d*$/i.exec(reference ?? '')?.[1];
  if (!letters) return undefined;
  let index = 0;
  for (const letter of letters.toUpperCase()) index = index * 26 + letter.charCodeAt(0) - 64;
  return index - 1;
}

type Workbook = { strings: string[]; dates: boolean[]; date1904: boolean };

function cellValue(attributes: string, xml: string, row: number, book: Workbook): string {
  const type = attribute(attributes, 't') ?? 'n';
  if (type === 'inlineStr') {
    const inline = new RegExp(`${tag('is')}[^>]*>([\\s\\S]*?)${closing('is')}`).exec(xml);
    return checkCell(richText(inline?.[1] ?? ''), row);
  }
  const raw = new RegExp(`${tag('v')}[^>]*>([\\s\\S]*?)${closing('v')}`).exec(xml)?.[1];
  if (raw === undefined) return '';
  const value = xmlText(raw);
  if (type === 's') return checkCell(book.strings[Number(value)] ?? '', row);
  if (type === 'b') return value === '1' ? 'true' : 'false';
  if (type === 'n') {
    const number = Number(value);
    if (value.trim() === '' || !Number.isFinite(number)) return checkCell(value, row);
    const style = Number(attribute(attributes, 's') ?? 0);
    return book.dates[style] ? excelDate(number, book.date1904) : String(number);
  }
  return checkCell(value, row);
}

function partPath(target: string): string {
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`.replace(/\/\.\//g, '/');
}

function readXlsxRows(zip: Buffer, options: SpreadsheetOptions): string[][] {
  const { unreadable, maxRows } = options;
  const entries = zipEntries(zip, unreadable);
  const part = (name: string) => entryWhole(zip, entries.get(name), unreadable);
  const workbook = part('xl/workbook.xml');
  const relations = part('xl/_rels/workbook.xml.rels');
  const targets = new Map<string, { type: string; target: string }>();
  for (const match of relations.matchAll(new RegExp(`${tag('Relationship')}[^>]*>`, 'g'))) {
    targets.set(attribute(match[0], 'Id') ?? '', {
      type: attribute(match[0], 'Type') ?? '',
      target: xmlText(attribute(match[0], 'Target') ?? ''),
    });
  }
  const firstSheet = new RegExp(`${tag('sheet')}[^>]*>`).exec(workbook)?.[0] ?? '';
  const sheetTarget = targets.get(/\br:id="([^"]*)"/.exec(firstSheet)?.[1] ?? '')?.target;
  const sheetName = sheetTarget
    ? partPath(sheetTarget)
    : [...entries.keys()].find((name) => /^xl\/worksheets\/sheet\d*\.xml$/.test(name));
  const sheet = sheetName ? entries.get(sheetName) : undefined;
  if (!sheet) throw refusal(unreadable);
  const sharedTarget = [...targets.values()].find((t) => t.type.endsWith('/sharedStrings'));
  const shared = part(sharedTarget ? partPath(sharedTarget.target) : 'xl/sharedStrings.xml');
  const book: Workbook = {
    strings: [...shared.matchAll(element('si'))].map((match) => richText(match[2] ?? '')),
    dates: dateStyles(part('xl/styles.xml')),
    date1904: /\bdate1904="(1|true)"/.test(workbook),
  };

  const rows: string[][] = [];
  const rowPattern = element('row');
  const cellPattern = element('c');
  let pending = '';
  let rowNumber = 0;
  for (const text of entryText(zip, sheet, unreadable)) {
    const searchFrom = Math.max(0, pending.length - 16);
    pending += text;
    // A row can only have ended where this piece brought a closing '>'.
    if (pending.indexOf('>', searchFrom) < 0) continue;
    rowPattern.lastIndex = 0;
    let consumed = 0;
    for (let match = rowPattern.exec(pending); match; match = rowPattern.exec(pending)) {
      consumed = rowPattern.lastIndex;
      rowNumber = Number(attribute(match[1] ?? '', 'r') ?? rowNumber + 1);
      const row: string[] = [];
      for (const cell of (match[2] ?? '').matchAll(cellPattern)) {
        const attributes = cell[1] ?? '';
        const at = columnIndex(attribute(attributes, 'r')) ?? row.length;
        while (row.length < at) row.push('');
        row[at] = cellValue(attributes, cell[2] ?? '', rowNumber, book);
      }
      if (isBlank(row)) continue;
      rows.push(row);
      if (rows.length >= maxRows) return rows;
    }
    pending = pending.slice(consumed);
    const open = pending.search(new RegExp(tag('row')));
    if (open >= 0 && pending.length - open > maxRowXmlChars) {
      throw refusal(spreadsheetMessages.rowTooLong(rowNumber + 1));
    }
  }
  return rows;
}
