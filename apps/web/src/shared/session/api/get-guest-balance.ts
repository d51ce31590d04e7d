import {
  GUEST_ALLOWANCE,
  GUEST_COUNTED_SCORE,
  GUEST_HISTORY_FETCH_LIMIT,
} from '@mailhound/contracts';
import { z } from 'zod';
import { apiClient } from '../../api/clients.ts';
import type { Balance } from './get-balance.ts';

// Only the fields the allowance needs; list calls answer null when not applicable.
const guestHistorySchema = z
  .object({
    items: z.array(
      z.object({
        result: z.object({ exactEmailScore: z.number().nullish() }).nullish(),
      }),
    ),
  })
  .nullable();

// api-spec §9: 2 minus the guest's searches scored 75 or more; 0 when the history fails.
export async function getGuestBalance(guestId: string): Promise<Balance> {
  let available = 0;
  try {
    const history = await apiClient.get('/search-history/single', {
      query: { page: 1, perPage: GUEST_HISTORY_FETCH_LIMIT, userId: guestId },
      schema: guestHistorySchema,
    });
    const counted = (history?.items ?? []).filter(
      (item) => (item.result?.exactEmailScore ?? 0) >= GUEST_COUNTED_SCORE,
    ).length;
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
