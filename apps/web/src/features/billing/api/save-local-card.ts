import { cardAnswerSchema, type LocalCardPayload } from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';
import { cardKey } from './get-card.ts';

// The local provider's stand-in for the customer portal's payment method page.
export function saveLocalCard(payload: LocalCardPayload) {
  return apiClient.post('/checkout/local/card', { body: payload, schema: cardAnswerSchema });
}

export function useSaveLocalCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLocalCard,
    onSuccess: (card) => queryClient.setQueryData(cardKey, card),
  });
}
