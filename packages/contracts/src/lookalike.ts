import { z } from 'zod';
import { historyPageSchema } from './search.ts';
import { verdictSchema } from './verdict.ts';

// Why a contact's company is like the uploaded list: what it shares with the list's companies
// (their industry, size band, country or else region, founding decade, description terms).
export const similarityReasonSchema = z.object({
  kind: z.enum(['industry', 'size', 'country', 'region', 'founded', 'terms']),
  label: z.string(),
});
export type SimilarityReason = z.infer<typeof similarityReasonSchema>;

// A contact of a similar company (product-spec §2 "Look-alike preview"). Imported people may
// lack a name part, a title, a place or a profile: a missing one is null.
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
  // The verdict on exactEmail (issue 22); null without one, absent from older answers.
  verdict: verdictSchema.nullable().optional(),
  // Find Emails has searched this contact (exactEmail null then means none was found).
  searched: z.boolean(),
  // Why the company is similar (absent from older answers).
  reasons: z.array(similarityReasonSchema).optional(),
});
export type LookalikeContact = z.infer<typeof lookalikeContactSchema>;

// product-spec §3 "Look-alike history item"; the detail adds result.preview once final.
export const lookalikeItemSchema = z.object({
  requestId: z.string(),
  status: z.enum(['processing', 'completed', 'error']),
  error: z.string().nullable(),
  input: z.object({ fileName: z.string(), length: z.number() }),
  result: z
    .object({
      totalCount: z.number(),
      // How many of the list's companies were found in the company database (at most length).
      recognised: z.number().optional(),
      preview: z.array(lookalikeContactSchema).optional(),
    })
    .nullable(),
  createdAt: z.string(),
});
export type LookalikeItem = z.infer<typeof lookalikeItemSchema>;

export const lookalikeHistoryPageSchema = historyPageSchema(lookalikeItemSchema);
export type LookalikeHistoryPage = z.infer<typeof lookalikeHistoryPageSchema>;

// POST /lookalike/search-emails answers the contacts with the addresses found.
export const lookalikeSearchEmailsAnswerSchema = z.object({
  items: z.array(lookalikeContactSchema),
});

// The look-alike list (ours; api-spec §7 "Look-alike and rewards" says multipart only): one
// column of company names or domains in CSV, XLSX or TXT, at most 1,000 rows (the server counts
// them) in a file of at most 1 MB (the server's upload limit, a 413).
export const LOOKALIKE_MAX_ROWS = 1000;
export const LOOKALIKE_MAX_BYTES = 1024 * 1024;

export const lookalikeListMessages = {
  tooManyRows: 'The file has more than 1,000 rows.',
  tooLarge: 'The file is larger than 1 MB.',
} as const;
