import { type SingleSearchHistoryItem, singleSearchHistoryItemSchema } from '@mailhound/contracts';

// product-spec §3 "Single search history item": a row as the history call answers it (contracts).
// The evidence stays opaque here and is read by the evidence view, so a change in the finder's
// evidence cannot break the list.
export const historyRowSchema = singleSearchHistoryItemSchema;
export type HistoryRow = SingleSearchHistoryItem;

export function queryCompany(query: HistoryRow['query']): string {
  return 'companyWebsite' in query ? query.companyWebsite : query.companyName;
}
