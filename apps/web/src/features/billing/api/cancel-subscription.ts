import { messageAnswerSchema } from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';
import { balanceKey } from '../../../shared/session/api/get-balance.ts';
import { currentUserKey } from '../../../shared/session/api/get-current-user.ts';
import { subscriptionKey } from './get-subscription.ts';

export function cancelSubscription() {
  return apiClient.delete('/checkout/subscription', { schema: messageAnswerSchema });
}

// The plan goes back to the default: the guards, the balance and the renewal must see it at
// once.
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
        queryClient.invalidateQueries({ queryKey: balanceKey }),
        queryClient.invalidateQueries({ queryKey: subscriptionKey }),
      ]),
  });
}
