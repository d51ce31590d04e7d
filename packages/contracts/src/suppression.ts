import { z } from 'zod';

// Settings › Do-not-email (issue 25): addresses and whole domains (`@example.com`) no campaign
// of the user ever writes to, with where each entry came from.
export const suppressionSources = ['manual', 'unsubscribe', 'bounce', 'complaint'] as const;
export type SuppressionSource = (typeof suppressionSources)[number];

export const suppressionSourceLabels: Record<SuppressionSource, string> = {
  manual: 'Added by you',
  unsubscribe: 'Unsubscribed',
  bounce: 'Bounced',
  complaint: 'Complaint',
};

// Entries one request adds at most; a CSV upload may hold more rows.
export const SUPPRESSION_ADD_MAX = 10_000;
export const SUPPRESSION_UPLOAD_MAX_ROWS = 100_000;
export const SUPPRESSION_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
// Bad entries a refusal names; the rest are counted.
const NAMED_MAX = 5;

const namedList = (items: readonly string[]) => {
  const named = items.slice(0, NAMED_MAX).join(', ');
  return items.length > NAMED_MAX ? `${named} and ${items.length - NAMED_MAX} more` : named;
};

export const suppressionMessages = {
  required: 'Enter at least one address or @domain.',
  tooMany: `Add at most ${SUPPRESSION_ADD_MAX.toLocaleString('en-US')} entries at a time.`,
  invalidEntries: (entries: readonly string[]) =>
    `Not an e-mail address or @domain: ${namedList(entries)}.`,
  invalidRows: (rows: readonly number[]) =>
    `Rows without an e-mail address or @domain: ${namedList(rows.map(String))}.`,
  // An upload adds its good rows and says which it left out.
  skippedRows: (rows: readonly number[]) =>
    `${rows.length} ${rows.length === 1 ? 'row' : 'rows'} skipped: no e-mail address or @domain in ${rows.length === 1 ? 'row' : 'rows'} ${namedList(rows.map(String))}.`,
  fileMissing: 'Choose a CSV or XLSX file of addresses.',
  fileEmpty: 'The file has no addresses.',
  fileTooLarge: `The file is larger than ${SUPPRESSION_UPLOAD_MAX_BYTES / 1024 / 1024} MB.`,
  fileTooManyRows: `The file has more than ${SUPPRESSION_UPLOAD_MAX_ROWS.toLocaleString('en-US')} rows.`,
  fileUnreadable: 'The file is not a CSV or XLSX spreadsheet.',
  notFound: 'Entry not found.',
  deleted: 'Entry deleted.',
} as const;

const addressPattern = /^[^\s@]+@[^\s@]+$/;
const emailCheck = z.email();
// A host name: dot-separated labels of letters, digits and hyphens, a TLD of letters (or IDNA).
const domainPattern =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

// An entry as stored: lower-cased, trimmed; a spreadsheet's formula guard (a leading apostrophe
// before `@`) taken off. Null when it is neither an address nor `@domain`.
export function normaliseSuppressionEntry(raw: string): string | null {
  const entry = raw
    .trim()
    .replace(/^'(?=@)/, '')
    .toLowerCase();
  if (entry.length > 254) return null;
  if (entry.startsWith('@')) return domainPattern.test(entry.slice(1)) ? entry : null;
  if (!addressPattern.test(entry)) return null;
  const domain = entry.slice(entry.lastIndexOf('@') + 1);
  return domainPattern.test(domain) && emailCheck.safeParse(entry).success ? entry : null;
}

// The entries, normalised and without repeats, and the ones that are neither (blanks skipped).
export function readSuppressionEntries(raws: readonly string[]) {
  const entries = new Set<string>();
  const invalid: string[] = [];
  for (const raw of raws) {
    if (raw.trim() === '') continue;
    const entry = normaliseSuppressionEntry(raw);
    if (entry === null) invalid.push(raw.trim());
    else entries.add(entry);
  }
  return { entries: [...entries], invalid };
}

// POST /api/mail/suppression: every entry must be an address or `@domain`, else the request is
// refused naming the bad ones and nothing is added.
export const suppressionAddSchema = z
  .object({
    entries: z
      .array(z.string(), { error: suppressionMessages.required })
      .max(SUPPRESSION_ADD_MAX, suppressionMessages.tooMany),
  })
  .strict()
  .check((ctx) => {
    const { entries, invalid } = readSuppressionEntries(ctx.value.entries);
    const message =
      invalid.length > 0
        ? suppressionMessages.invalidEntries(invalid)
        : entries.length === 0
          ? suppressionMessages.required
          : undefined;
    if (message) ctx.issues.push({ code: 'custom', input: ctx.value, path: ['entries'], message });
  });
export type SuppressionAdd = z.infer<typeof suppressionAddSchema>;

// The textarea of Settings › Do-not-email: one entry a line, checked as the user types.
export function suppressionLines(text: string): { entries: string[]; invalid: string[] } {
  return readSuppressionEntries(text.split(/\r?\n/));
}

export const suppressionEntrySchema = z.object({
  id: z.string(),
  // An address, or `@domain` for a whole domain.
  entry: z.string(),
  source: z.enum(suppressionSources),
  created: z.string(),
});
export type SuppressionEntry = z.infer<typeof suppressionEntrySchema>;

export const suppressionPageSchema = z.object({
  entries: z.array(suppressionEntrySchema),
  page: z.number().int(),
  pages: z.number().int(),
  per_page: z.number().int(),
  total_count: z.number().int(),
});
export type SuppressionPage = z.infer<typeof suppressionPageSchema>;

// What an add or an upload did: entries new to the list, and those it held already.
export const suppressionAddAnswerSchema = z.object({
  added: z.number().int(),
  already: z.number().int(),
});
export type SuppressionAddAnswer = z.infer<typeof suppressionAddAnswerSchema>;

// What an upload did: as an add, and the rows it left out in words (null when none).
export const suppressionUploadAnswerSchema = suppressionAddAnswerSchema.extend({
  skipped: z.string().nullable(),
});
export type SuppressionUploadAnswer = z.infer<typeof suppressionUploadAnswerSchema>;
