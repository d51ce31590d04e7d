import { searchMessages } from '@mailhound/contracts';
import type { HistoryRow } from './history-row.ts';

// The spec names these two messages without giving their words: ours, kept plain.
export const rowMessages = {
  noBusinessEmail: 'This company has no business email: no mail server was found for its domain.',
  connectionTrouble:
    'We had trouble connecting to the company’s mail server. Please try again later.',
  noEmailFound: 'No email found',
} as const;

// api-spec §8 "Search": row errors.
export function rowErrorText(error: string): string {
  if (error === searchMessages.noMxRecords) return rowMessages.noBusinessEmail;
  if (error === searchMessages.connectionTimedOut) return rowMessages.connectionTrouble;
  return error.trim() === '' ? searchMessages.unknownError : error;
}

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
