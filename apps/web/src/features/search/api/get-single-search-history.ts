import { historyPageSchema, PAGE_SIZE } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { type HistoryRow, historyRowSchema } from '../history-row.ts';
import { readLocalHistory, writeLocalHistory } from '../local-history.ts';

// List calls answer null when not applicable (api-spec §7).
const historyAnswerSchema = historyPageSchema(historyRowSchema).nullable();
export type HistoryPage = { rows: HistoryRow[]; currentPage: number; totalPages: number };

export const singleHistoryKey = ['search-history', 'single'] as const;

export type HistoryOwner = { token: string | null; guestId: string | null };

export async function getSingleSearchHistory(
  owner: HistoryOwner,
  page: number,
): Promise<HistoryPage> {
  const answer = await apiClient.get('/search-history/single', {
    // A token reads the user's rows; a guest reads its own by guest id.
    query: { page, perPage: PAGE_SIZE, userId: owner.token === null ? owner.guestId : null },
    schema: historyAnswerSchema,
  });
  return answer === null
    ? { rows: [], currentPage: page, totalPages: 0 }
    : { rows: answer.items, currentPage: answer.currentPage, totalPages: answer.totalPages };
}

// A guest's newest rows are also kept under `searchHistory` (product-spec §3): shown at once
// on the next visit, and instead of the server's when it cannot be read.
async function getGuestHistory(guestId: string, page: number): Promise<HistoryPage> {
  try {
    const history = await getSingleSearchHistory({ token: null, guestId }, page);
    if (page === 1) writeLocalHistory(history.rows);
    return history;
  } catch (error) {
    const local = localHistoryPage(page);
    if (local === undefined) throw error;
    return local;
  }
}

function localHistoryPage(page: number): HistoryPage | undefined {
  const rows = readLocalHistory();
  if (page !== 1 || rows.length === 0) return undefined;
  return { rows, currentPage: 1, totalPages: 1 };
}

export function singleHistoryQueryOptions(owner: HistoryOwner, page: number) {
  const guestId = owner.token === null ? owner.guestId : null;
  return queryOptions({
    queryKey: [...singleHistoryKey, owner.token ?? owner.guestId, page],
    queryFn: () =>
      guestId !== null ? getGuestHistory(guestId, page) : getSingleSearchHistory(owner, page),
    enabled: owner.token !== null || owner.guestId !== null,
  });
}

export function useSingleSearchHistory(page: number) {
  const { token, guestId } = useSession();
  const isGuest = token === null;
  return useQuery({
    ...singleHistoryQueryOptions({ token, guestId }, page),
    // While another page loads the current one stays; a guest first sees the local copy.
    placeholderData: (previous) => previous ?? (isGuest ? localHistoryPage(page) : undefined),
  });
}
