import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import { createInterface } from 'node:readline';
import Papa from 'papaparse';
import { parse as parseHost } from 'tldts';
import { classifyIndustry } from './industry-classifier.ts';
import { classifyTitle, type Department, type Seniority } from './title-classifier.ts';

// Rows for `mailhound import companies|people FILE`: CSV with a header row, or JSON lines.
// Files are read as streams, one row at a time, so a million rows fit in bounded memory.

export const companyColumns = [
  'name',
  'domain',
  'country',
  'industry',
  'employees',
  'founded_year',
  'revenue_min',
  'revenue_max',
  'linkedin_url',
  'twitter_url',
  'facebook_url',
  'instagram_url',
  'logo_url',
  'description',
  // Last, so files written for the earlier columns keep their order.
  'source_industry',
] as const;

export const personColumns = [
  'first_name',
  'last_name',
  'job_title',
  'company_domain',
  'location',
  'linkedin_url',
  'phone',
  // Not stored with the person: the finder learns the company's address pattern from it.
  'email',
] as const;

export type CompanyRow = {
  name: string;
  domain: string;
  country: string | null;
  industry: string | null;
  sourceIndustry: string | null;
  employees: number | null;
  foundedYear: number | null;
  revenueMin: number | null;
  revenueMax: number | null;
  linkedinUrl: string | null;
  twitterUrl: string | null;
  facebookUrl: string | null;
  instagramUrl: string | null;
  logoUrl: string | null;
  description: string | null;
};

export type PersonRow = {
  firstName: string | null;
  lastName: string | null;
  jobTitle: string | null;
  department: Department;
  seniority: Seniority;
  companyDomain: string;
  location: string | null;
  linkedinUrl: string | null;
  phone: string | null;
  // Read from the file, not stored with the person (importer: observePeople).
  email?: string | null;
};

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

// `line` is the row's line in the file: the CSV header is line 1 (a quoted field that spans
// lines counts as one), JSON lines are counted as they are.
export type RowResult<T> =
  | { ok: true; line: number; value: T }
  | { ok: false; line: number; reason: string };

export type ImportRecord = Record<string, unknown>;

const maxText = 5000;
const maxSourceIndustry = 200;

// "https://www.Acme.com/about" → "acme.com". Null when it is not a public domain name.
export function normaliseDomain(input: string): string | null {
  const host = parseHost(input.trim());
  if (!host.hostname || !host.domain || !host.isIcann || host.isIp) return null;
  return host.hostname.replace(/^www\./, '');
}

function text(record: ImportRecord, column: string): string | null {
  const value = record[column];
  if (value === undefined || value === null) return null;
  const trimmed = String(value).trim();
  return trimmed === '' ? null : trimmed.slice(0, maxText);
}

// Each reader returns the clean value, or pushes why the row is refused.
type Problems = string[];

function wholeNumber(record: ImportRecord, column: string, problems: Problems): number | null {
  const raw = text(record, column);
  if (raw === null) return null;
  // Thousands separators are common in spreadsheets: "1,200" and "1 200" are 1200.
  const digits = raw.replace(/[,\s_]/g, '');
  if (!/^\d+$/.test(digits) || !Number.isSafeInteger(Number(digits))) {
    problems.push(`${column} is not a whole number: "${raw}"`);
    return null;
  }
  return Number(digits);
}

function url(record: ImportRecord, column: string, problems: Problems): string | null {
  const raw = text(record, column);
  if (raw === null) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`;
  try {
    const parsed = new URL(withScheme);
    if (
      (parsed.protocol === 'https:' || parsed.protocol === 'http:') &&
      parsed.hostname.includes('.')
    ) {
      return parsed.href;
    }
  } catch {
    // Reported below like any other unusable address.
  }
  problems.push(`${column} is not a web address: "${raw}"`);
  return null;
}

// "+1 (415) 555-0112" → "+14155550112": a plus and 7 to 15 digits (E.164's longest).
function phone(record: ImportRecord, problems: Problems): string | null {
  const raw = text(record, 'phone');
  if (raw === null) return null;
  const compact = raw.replace(/[\s().-]/g, '');
  if (!/^\+?\d{7,15}$/.test(compact)) {
    problems.push(`phone is not a phone number: "${raw}"`);
    return null;
  }
  return compact;
}

function domain(record: ImportRecord, column: string, problems: Problems): string | null {
  const raw = text(record, column);
  if (raw === null) {
    problems.push(`missing ${column}`);
    return null;
  }
  const normalised = normaliseDomain(raw);
  if (normalised === null) problems.push(`bad ${column}: "${raw}"`);
  return normalised;
}

function outcome<T>(problems: Problems, value: () => T): Parsed<T> {
  return problems.length > 0
    ? { ok: false, reason: problems.join('; ') }
    : { ok: true, value: value() };
}

export function parseCompanyRecord(record: ImportRecord, now = new Date()): Parsed<CompanyRow> {
  const problems: Problems = [];
  const name = text(record, 'name');
  if (name === null) problems.push('missing name');
  const companyDomain = domain(record, 'domain', problems);

  // The industry: one of ours by id or label ("computer_software", "Computer Software"), or a
  // source's own name for it ("Retailing", in industry or source_industry), classified into
  // our list when its words allow. The source's name is kept as written (without case or
  // extra spaces): look-alike searches rank by it as the finest step of the industry.
  const industryText = text(record, 'industry');
  const sourceText = text(record, 'source_industry');
  const named = industryText ?? sourceText;
  const industry = named === null ? null : classifyIndustry(named);
  const sourceColumn = sourceText === null ? 'industry' : 'source_industry';
  const sourceIndustry = (sourceText ?? industryText)?.replace(/\s+/g, ' ').toLowerCase() ?? null;
  if (sourceIndustry !== null && sourceIndustry.length > maxSourceIndustry) {
    problems.push(`${sourceColumn} is longer than ${maxSourceIndustry} characters`);
  }

  const employees = wholeNumber(record, 'employees', problems);
  const foundedYear = wholeNumber(record, 'founded_year', problems);
  if (foundedYear !== null && foundedYear > now.getFullYear()) {
    problems.push(`founded_year ${foundedYear} is in the future`);
  } else if (foundedYear === 0) {
    problems.push('founded_year must be at least 1');
  }
  const revenueMin = wholeNumber(record, 'revenue_min', problems);
  const revenueMax = wholeNumber(record, 'revenue_max', problems);
  if (revenueMin !== null && revenueMax !== null && revenueMin > revenueMax) {
    problems.push('revenue_min is above revenue_max');
  }
  const linkedinUrl = url(record, 'linkedin_url', problems);
  const twitterUrl = url(record, 'twitter_url', problems);
  const facebookUrl = url(record, 'facebook_url', problems);
  const instagramUrl = url(record, 'instagram_url', problems);
  const logoUrl = url(record, 'logo_url', problems);

  return outcome(problems, () => ({
    name: name!,
    domain: companyDomain!,
    country: text(record, 'country'),
    industry,
    sourceIndustry,
    employees,
    foundedYear,
    revenueMin,
    revenueMax,
    linkedinUrl,
    twitterUrl,
    facebookUrl,
    instagramUrl,
    logoUrl,
    description: text(record, 'description'),
  }));
}

export function parsePersonRecord(record: ImportRecord): Parsed<PersonRow> {
  const problems: Problems = [];
  const firstName = text(record, 'first_name');
  const lastName = text(record, 'last_name');
  if (firstName === null && lastName === null) problems.push('missing first_name and last_name');
  const companyDomain = domain(record, 'company_domain', problems);
  const linkedinUrl = url(record, 'linkedin_url', problems);
  const jobTitle = text(record, 'job_title');
  const phoneNumber = phone(record, problems);
  const email = text(record, 'email');

  return outcome(problems, () => ({
    firstName,
    lastName,
    jobTitle,
    ...classifyTitle(jobTitle ?? ''),
    companyDomain: companyDomain!,
    location: text(record, 'location'),
    linkedinUrl,
    phone: phoneNumber,
    email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email ?? '') ? email : null,
  }));
}

// "Founded Year", "founded-year" and "founded_year" name the same column.
function columnName(header: string): string {
  return header
    .trim()
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

export type FileFormat = 'csv' | 'jsonl';

export async function detectFormat(path: string): Promise<FileFormat> {
  const extension = extname(path).toLowerCase();
  if (extension === '.jsonl' || extension === '.ndjson') return 'jsonl';
  if (extension === '.csv') return 'csv';
  const file = await open(path);
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(256), 0, 256, 0);
    const start = buffer
      .toString('utf8', 0, bytesRead)
      .replace(/^\uFEFF/, '')
      .trimStart();
    return start.startsWith('{') ? 'jsonl' : 'csv';
  } finally {
    await file.close();
  }
}

type RawRow = { line: number; record: ImportRecord } | { line: number; reason: string };

async function* csvRows(path: string): AsyncGenerator<RawRow> {
  const input = createReadStream(path, { encoding: 'utf8' });
  // Papa Parse's Node stream mode: rows come out as the file goes in, with backpressure.
  const rows = Papa.parse(Papa.NODE_STREAM_INPUT, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: columnName,
  });
  input.on('error', (error) => rows.destroy(error));
  input.pipe(rows);
  let line = 1;
  try {
    for await (const record of rows as AsyncIterable<ImportRecord>) {
      line++;
      if ('__parsed_extra' in record) yield { line, reason: 'more fields than the header has' };
      else yield { line, record };
    }
  } finally {
    input.destroy();
    rows.destroy();
  }
}

async function* jsonLines(path: string): AsyncGenerator<RawRow> {
  const input = createReadStream(path, { encoding: 'utf8' });
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let line = 0;
  try {
    for await (const content of lines) {
      line++;
      if (content.trim() === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(content);
      } catch {
        yield { line, reason: 'not valid JSON' };
        continue;
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        yield { line, reason: 'not a JSON object' };
        continue;
      }
      const record: ImportRecord = {};
      for (const [key, field] of Object.entries(value)) record[columnName(key)] = field;
      yield { line, record };
    }
  } finally {
    lines.close();
    input.destroy();
  }
}

async function* readRows<T>(
  path: string,
  parseRecord: (record: ImportRecord) => Parsed<T>,
): AsyncGenerator<RowResult<T>> {
  const format = await detectFormat(path);
  const rows = format === 'jsonl' ? jsonLines(path) : csvRows(path);
  for await (const row of rows) {
    if ('reason' in row) {
      yield { ok: false, line: row.line, reason: row.reason };
      continue;
    }
    const parsed = parseRecord(row.record);
    yield parsed.ok
      ? { ok: true, line: row.line, value: parsed.value }
      : { ok: false, line: row.line, reason: parsed.reason };
  }
}

export function readCompanyRows(
  path: string,
  now = new Date(),
): AsyncGenerator<RowResult<CompanyRow>> {
  return readRows(path, (record) => parseCompanyRecord(record, now));
}

export function readPersonRows(path: string): AsyncGenerator<RowResult<PersonRow>> {
  return readRows(path, parsePersonRecord);
}
