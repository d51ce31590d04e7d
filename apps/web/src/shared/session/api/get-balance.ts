import { balanceAnswerSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api/clients.ts';
import type { Balance } from '../balance.ts';
import { useSession } from '../use-session.ts';
import { getGuestBalance } from './get-guest-balance.ts';

export const balanceKey = ['auth', 'balance'] as const;

export async function getBalance(): Promise<Balance> {
  const answer = await apiClient.get('/auth/user/balance', { schema: balanceAnswerSchema });
  return { ...answer, balanceAvailable: answer.balance - answer.onHold };
}

// Keyed by the token or the guest id: the balance is refetched when either changes (§4).
export function balanceQueryOptions(token: string | null, guestId: string | null) {
  return queryOptions({
    queryKey: [...balanceKey, token ?? guestId],
    queryFn: (): Promise<Balance> =>
      token !== null ? getBalance() : getGuestBalance(guestId ?? ''),
    enabled: token !== null || guestId !== null,
  });
}

export function useBalance() {
  const { token, guestId } = useSession();
  return useQuery(balanceQueryOptions(token, guestId));
}
