import {
  isDomainLike,
  LOOKALIKE_MAX_BYTES,
  LOOKALIKE_MAX_ROWS,
  lookalikeListMessages,
} from '@mailhound/contracts';
import { normaliseDomain } from '@mailhound/finder';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { badRequest } from '../../platform/errors.ts';
import { readSpreadsheet } from '../../platform/uploads/read-spreadsheet.ts';
import { normaliseCompanyName, resolveCompanyDomain } from '../companies/index.ts';

// The list uploaded to POST /lookalike (api-spec §7 "Look-alike and rewards"; the format is
// ours): CSV, XLSX or TXT, one column of company names or domains, header optional, at most
// 1,000 rows.

export const maxListRows = LOOKALIKE_MAX_ROWS;
export const maxListBytes = LOOKALIKE_MAX_BYTES;

export const listMessages = {
  unreadable: 'The file is not a CSV, XLSX or TXT list.',
  empty: 'The file has no company names or domains.',
  tooManyRows: lookalikeListMessages.tooManyRows,
  // The web app's text for a file over the upload limit (maxListBytes).
  tooLarge: lookalikeListMessages.tooLarge,
  noneRecognised: 'No company in the file was recognised.',
} as const;

// Header cells of the one column, compared without case, spaces, underscores or hyphens.
const headerNames = new Set([
  'company',
  'companies',
  'companyname',
  'name',
  'domain',
  'domains',
  'companydomain',
  'website',
  'companywebsite',
  'url',
  'organization',
  'organisation',
]);

function headerKey(cell: string): string {
  return cell.toLowerCase().replace(/[\s_-]+/g, '');
}

// The list's entries in file order, without blanks and repeats (a domain however it is
// written, a name with or without its legal form); the column named like a company or domain
// column when there is a header, the first one otherwise.
export async function parseCompanyList(bytes: Buffer): Promise<string[]> {
  if (bytes.length === 0) throw badRequest(listMessages.empty);
  // An optional header and one row past the limit tell an oversized list.
  const { rows } = await readSpreadsheet(bytes, {
    maxRows: maxListRows + 2,
    unreadable: listMessages.unreadable,
  });
  const header = rows[0]?.map((cell) => headerKey(cell.trim())) ?? [];
  const named = header.findIndex((cell) => headerNames.has(cell));
  const column = Math.max(0, named);
  const data = named >= 0 ? rows.slice(1) : rows;
  if (data.length > maxListRows) throw badRequest(listMessages.tooManyRows);
  const seen = new Set<string>();
  const entries: string[] = [];
  for (const row of data) {
    const entry = (row[column] ?? '').trim();
    const key = keyOf(entry) || entry.toLowerCase();
    if (entry === '' || seen.has(key)) continue;
    seen.add(key);
    entries.push(entry);
  }
  if (entries.length === 0) throw badRequest(listMessages.empty);
  return entries;
}

// Fuzzy name lookups the upload tries before refusing a list none of whose entries matched
// exactly; the job resolves every entry.
const uploadFuzzyTries = 20;

async function exactMatches(db: Db, entries: readonly string[]): Promise<Map<string, number>> {
  const domains = entries.filter(isDomainLike).map(normaliseDomain);
  const names = entries.filter((entry) => !isDomainLike(entry)).map(normaliseCompanyName);
  const found = await db.execute<{ key: string; id: number }>(sql`
    select domain as key, id::int as id from companies
    where domain = any(${sql.param(domains)}::text[])
    union all
    (select distinct on (name_normalised) name_normalised as key, id::int as id from companies
     where name_normalised = any(${sql.param(names)}::text[])
     order by name_normalised, employees desc nulls last, id)`);
  return new Map(found.rows.map((row) => [row.key, row.id]));
}

function keyOf(entry: string): string {
  return isDomainLike(entry) ? normaliseDomain(entry) : normaliseCompanyName(entry);
}

async function fuzzyMatch(db: Db, entry: string): Promise<number | undefined> {
  const resolution = await resolveCompanyDomain(db, entry);
  if (!resolution) return undefined;
  const found = await db.execute<{ id: number }>(
    sql`select id::int as id from companies where domain = ${resolution.domain}`,
  );
  return found.rows[0]?.id;
}

// Whether at least one entry names a known company (the upload's check).
export async function recognisesAny(db: Db, entries: readonly string[]): Promise<boolean> {
  if ((await exactMatches(db, entries)).size > 0) return true;
  const names = entries.filter((entry) => !isDomainLike(entry)).slice(0, uploadFuzzyTries);
  for (const name of names) if ((await fuzzyMatch(db, name)) !== undefined) return true;
  return false;
}

// The companies of the list: a domain by exact match, a name through the finder's
// name → domain resolution (exact, then a clear trigram match).
export async function resolveCompanyList(db: Db, entries: readonly string[]): Promise<number[]> {
  const exact = await exactMatches(db, entries);
  const ids = new Set<number>();
  for (const entry of entries) {
    const id =
      exact.get(keyOf(entry)) ?? (isDomainLike(entry) ? undefined : await fuzzyMatch(db, entry));
    if (id !== undefined) ids.add(id);
  }
  return [...ids];
}
