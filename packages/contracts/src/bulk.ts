import { z } from 'zod';
import { errorAnswerSchema } from './auth.ts';
import { historyPageSchema } from './search.ts';
import type { Verdict } from './verify.ts';

// What a list asks (issue 22): 'verify' for a 'Verify emails' upload, a list whose only
// recognised column is the e-mail one (every row verifies its address); 'find' otherwise.
export const bulkKinds = ['find', 'verify'] as const;
export type BulkKind = (typeof bulkKinds)[number];

// The name a 'Verify emails' upload goes by in the upload modal and the bulk history.
export const verifyListName = 'Verify emails';

// The columns of an upload the server reads, told by the header row; the upload modal reads a
// chosen CSV's header by the same rule to name the list.
export type BulkColumns = {
  firstName?: number;
  lastName?: number;
  website?: number;
  companyName?: number;
  email?: number;
};

// Header spellings, compared without case, spaces, underscores or hyphens.
const spellings: Record<keyof BulkColumns, string[]> = {
  firstName: ['firstname', 'fname', 'first', 'givenname'],
  lastName: ['lastname', 'lname', 'last', 'surname', 'familyname'],
  website: ['companywebsite', 'website', 'domain', 'companydomain', 'companyurl', 'url'],
  companyName: ['company', 'companyname', 'organization', 'organisation'],
  email: ['email', 'emailaddress', 'mail'],
};

function headerKey(cell: string): string {
  return cell.toLowerCase().replace(/[\s_-]+/g, '');
}

export function recogniseColumns(header: string[]): BulkColumns {
  const columns: BulkColumns = {};
  const keys = header.map(headerKey);
  for (const [field, names] of Object.entries(spellings) as Array<[keyof BulkColumns, string[]]>) {
    const index = keys.findIndex((key) => names.includes(key));
    if (index >= 0) columns[field] = index;
  }
  return columns;
}

function hasFindColumns(columns: BulkColumns): boolean {
  return (
    columns.firstName !== undefined &&
    columns.lastName !== undefined &&
    (columns.website !== undefined || columns.companyName !== undefined)
  );
}

export function hasUsableColumns(columns: BulkColumns): boolean {
  return hasFindColumns(columns) || columns.email !== undefined;
}

// A list with an e-mail column and not the columns a find needs only verifies addresses: a
// 'Verify emails' upload. A list with both finds the rows that give no address.
export function listKindOf(header: string[]): BulkKind {
  const columns = recogniseColumns(header);
  return columns.email !== undefined && !hasFindColumns(columns) ? 'verify' : 'find';
}

// product-spec §3 "Bulk history item": the answer of the bulk history, detail and upload calls
// and the data of the detail stream's `update` events.
export const bulkItemSchema = z.object({
  requestId: z.string(),
  kind: z.enum(bulkKinds).default('find'),
  input: z.object({ fileName: z.string(), length: z.number(), hasInputFile: z.boolean() }),
  status: z.enum(['processing', 'completed', 'error']),
  // success: rows with an address found; fail: the other rows processed so far. Until the
  // result is bought, a row verifying an address the upload gave counts in neither, whatever
  // its verdict (what the download sells), but in toVerify.
  progress: z.object({
    success: z.number(),
    fail: z.number(),
    total: z.number(),
    toVerify: z.number().int().nonnegative().optional(),
  }),
  result: z
    .object({
      successCount: z.number(),
      verifiedCount: z.number(),
      hasMultipleFiles: z.boolean(),
      // What a download costs at most now (as the preview's credits): the distinct verified
      // addresses found, and every address given to verify, that the user has not paid for in
      // any search yet; 0 once paid. The download charges only the verified ones.
      credits: z.number().int().nonnegative(),
      // Rows verifying a given address, left out of the counts until the result is bought.
      toVerify: z.number().int().nonnegative().optional(),
    })
    .nullable(),
  error: z.string().nullable(),
  // Credits held for the list while it is searched (one per row to search), released when the
  // search ends; a download then charges only the verified e-mails.
  onHold: z.number().int().nonnegative().default(0),
  // Paid when at least one purchase exists (product-spec §3).
  purchases: z.array(z.object({ id: z.string(), credits: z.number(), createdAt: z.string() })),
  createdAt: z.string(),
});
export type BulkItem = z.infer<typeof bulkItemSchema>;

export const bulkHistoryPageSchema = historyPageSchema(bulkItemSchema);
export type BulkHistoryPage = z.infer<typeof bulkHistoryPageSchema>;

// The verdict's columns (issue 22), last in every result file and preview row, named as
// Hunter's email verifier names its fields: the checks as true or false, all empty for a row
// with no verdict.
export const bulkVerdictColumns = [
  'status',
  'accept_all',
  'disposable',
  'webmail',
  'role',
  'mx_records',
  'smtp_check',
  'reason',
] as const satisfies ReadonlyArray<keyof Verdict>;

// product-spec §3 "Bulk preview": the header row, then up to 10 result rows.
export const bulkPreviewSchema = z.object({
  fileName: z.string(),
  rows: z.array(z.array(z.string())),
  paid: z.boolean(),
  // What a download costs at most now (as the history item's result.credits); 0 once paid.
  credits: z.number(),
  hasInputFile: z.boolean(),
  // What happened to the list's rows: found, verified, and why the others failed. Until the
  // result is bought, the rows verifying a given address are only counted (toVerify).
  summary: z.object({
    rows: z.number().int(),
    found: z.number().int(),
    verified: z.number().int(),
    notFound: z.number().int(),
    failed: z.array(z.object({ reason: z.string(), count: z.number().int() })),
    toVerify: z.number().int().nonnegative().optional(),
  }),
});
export type BulkPreview = z.infer<typeof bulkPreviewSchema>;

// The 402 of work that holds a credit per row before it starts (a bulk upload, look-alike
// Find Emails): `needed` is how many more credits it takes (api-spec §8 'You need N more
// credits.').
export const creditsShortAnswerSchema = errorAnswerSchema.extend({
  needed: z.number().int().positive(),
});
export type CreditsShortAnswer = z.infer<typeof creditsShortAnswerSchema>;

// The bulk upload limits (README 'Limits'; ours, api-spec §7 names POST /person/bulk only): the
// web checks size and type before sending, the server checks them again and counts the rows.
export const BULK_MAX_BYTES = 5 * 1024 * 1024;
export const BULK_MAX_ROWS = 10_000;

export const bulkUploadMessages = {
  notSpreadsheet: 'The file is not a CSV or XLSX spreadsheet.',
  tooLarge: 'The file is larger than 5 MB.',
  noRows: 'The file has no rows.',
  noColumns:
    'No usable columns: the file needs first name, last name and company website or name columns, or an email column.',
  tooManyRows: 'The file has more than 10,000 rows.',
} as const;
