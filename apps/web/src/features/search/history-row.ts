import { singleSearchQuerySchema, singleSearchResultSchema } from '@mailhound/contracts';
import { z } from 'zod';

// search-api.md: a row as the history call answers it. The evidence stays opaque here and is
// read by the evidence view, so a change in the finder's evidence cannot break the list.
export const historyRowSchema = z.object({
  _id: z.string(),
  query: singleSearchQuerySchema,
  result: singleSearchResultSchema.nullable(),
  error: z.string().nullable(),
  evidence: z.unknown().optional(),
  createdAt: z.string().optional(),
});
export type HistoryRow = z.infer<typeof historyRowSchema>;

export function queryCompany(query: HistoryRow['query']): string {
  return 'companyWebsite' in query ? query.companyWebsite : query.companyName;
}
