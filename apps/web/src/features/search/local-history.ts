import { storageKeys } from '@mailhound/contracts';
import { z } from 'zod';
import { type HistoryRow, historyRowSchema } from './history-row.ts';

const localHistorySchema = z.array(historyRowSchema);

// The guest's newest rows under `searchHistory` (product-spec §3); anything unreadable there
// counts as no history.
export function readLocalHistory(): HistoryRow[] {
  const stored = localStorage.getItem(storageKeys.searchHistory);
  if (stored === null) return [];
  try {
    const parsed = localHistorySchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export function writeLocalHistory(rows: HistoryRow[]): void {
  localStorage.setItem(storageKeys.searchHistory, JSON.stringify(rows));
}
