import { historyPageSchema } from '@mailhound/contracts';
import { z } from 'zod';

// product-spec §3 "Look-alike history item", as lookalike-api.md answers it. Imported people
// may lack a name part, a title, place, website or profile: a missing one reads as null, not a broken page.
export const lookalikeContactSchema = z.object({
  id: z.string(),
  fname: z.string().nullable(),
  lname: z.string().nullable(),
  jobTitle: z.string().nullable(),
  companyName: z.string(),
  website: z.string().nullable(),
  location: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  exactEmail: z.string().nullable(),
  exactEmailScore: z.number().nullable(),
});
export type LookalikeContact = z.infer<typeof lookalikeContactSchema>;

export const lookalikeItemSchema = z.object({
  requestId: z.string(),
  status: z.enum(['processing', 'completed', 'error']),
  error: z.string().nullable(),
  input: z.object({ fileName: z.string(), length: z.number() }),
  result: z
    .object({ totalCount: z.number(), preview: z.array(lookalikeContactSchema).optional() })
    .nullable(),
  createdAt: z.string(),
});
export type LookalikeItem = z.infer<typeof lookalikeItemSchema>;

export const lookalikeHistoryPageSchema = historyPageSchema(lookalikeItemSchema);
export type LookalikeHistoryPage = z.infer<typeof lookalikeHistoryPageSchema>;

export const searchEmailsAnswerSchema = z.object({ items: z.array(lookalikeContactSchema) });

export type LookalikeOutcome = 'processing' | 'success' | 'empty' | 'error';

// product-spec §4 "Look-alike item": processing, then success (totalCount ≥ 1), empty (0) or
// error.
export function lookalikeOutcome(item: Pick<LookalikeItem, 'status' | 'result'>): LookalikeOutcome {
  if (item.status === 'processing') return 'processing';
  if (item.status === 'error' || item.result === null) return 'error';
  return item.result.totalCount >= 1 ? 'success' : 'empty';
}

// The spec names the states only; these are the words the history shows for them.
export const outcomeTexts = {
  processing: 'Searching for similar companies…',
  success: (totalCount: number) =>
    `${totalCount.toLocaleString('en-US')} similar ${totalCount === 1 ? 'company' : 'companies'} found`,
  empty: 'No similar companies found',
  error: 'Look-alike search failed',
} as const;

// Addresses found by Find Emails replace the contacts' empty e-mail fields, matched by id.
export function withFoundEmails(
  contacts: LookalikeContact[],
  found: ReadonlyMap<string, LookalikeContact>,
): LookalikeContact[] {
  return contacts.map((contact) => {
    const match = found.get(contact.id);
    return match === undefined
      ? contact
      : { ...contact, exactEmail: match.exactEmail, exactEmailScore: match.exactEmailScore };
  });
}

// lookalike-api.md: one column of company names or domains in CSV, XLSX or TXT, ≤ 1,000 rows
// (the server counts the rows), in a file of at most 1 MB (the server's upload limit, a 413).
export const LOOKALIKE_MAX_ROWS = 1000;
export const LOOKALIKE_MAX_BYTES = 1024 * 1024;

export const lookalikeUploadMessages = {
  wrongType: 'The file is not a CSV, XLSX or TXT file.',
  tooLarge: 'The file is larger than 1 MB.',
  failed: 'The upload failed. Please try again.',
} as const;

export const acceptedLookalikeTypes =
  '.csv,.xlsx,.txt,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function lookalikeUploadProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!/\.(csv|xlsx|txt)$/i.test(file.name)) return lookalikeUploadMessages.wrongType;
  if (file.size > LOOKALIKE_MAX_BYTES) return lookalikeUploadMessages.tooLarge;
  return null;
}
