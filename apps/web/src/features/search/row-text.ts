import { rowErrorText, rowMessages, searchMessages } from '@mailhound/contracts';
import type { HistoryRow } from './history-row.ts';

export type RowOutcome =
  | { kind: 'email'; email: string }
  | { kind: 'none'; text: string }
  | { kind: 'error'; text: string };

export function rowOutcome(row: Pick<HistoryRow, 'result' | 'error'>): RowOutcome {
  if (row.error !== null) return { kind: 'error', text: rowErrorText(row.error) };
  if (row.result === null) return { kind: 'error', text: searchMessages.unknownError };
  if (row.result.exactEmail === null) return { kind: 'none', text: rowMessages.noEmailFound };
  return { kind: 'email', email: row.result.exactEmail };
}
