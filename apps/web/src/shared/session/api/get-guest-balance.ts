import {
  GUEST_ALLOWANCE,
  GUEST_COUNTED_SCORE,
  GUEST_HISTORY_FETCH_LIMIT,
  historyPageSchema,
  PAGE_SIZE_MAX,
  singleSearchHistoryItemSchema,
} from '@mailhound/contracts';
import { apiClient } from '../../api/clients.ts';
import type { Balance } from '../balance.ts';

// Only the rows' results, which the allowance counts; list calls answer null when not applicable.
const guestHistorySchema = historyPageSchema(
  singleSearchHistoryItemSchema.pick({ result: true }),
).nullable();

// api-spec §9: 2 minus the guest's searches scored 75 or more, counted over at most 1000
// searches; 0 when the history fails.
export async function getGuestBalance(guestId: string): Promise<Balance> {
  let available = 0;
  try {
    let counted = 0;
    for (let page = 1; page * PAGE_SIZE_MAX <= GUEST_HISTORY_FETCH_LIMIT; page += 1) {
      const history = await apiClient.get('/search-history/single', {
        query: { page, perPage: PAGE_SIZE_MAX, userId: guestId },
        schema: guestHistorySchema,
      });
      counted += (history?.items ?? []).filter(
        (item) => (item.result?.exactEmailScore ?? 0) >= GUEST_COUNTED_SCORE,
      ).length;
      // Past the allowance or the last page, further pages cannot change the answer.
      if (counted >= GUEST_ALLOWANCE || page >= (history?.totalPages ?? 0)) break;
    }
    available = Math.max(0, GUEST_ALLOWANCE - counted);
  } catch {
    available = 0;
  }
  return {
    balance: available,
    onHold: 0,
    balanceAvailable: available,
    leadSearchBalance: 0,
    plan: null,
  };
}
