import { type LocalConfirmPayload, localConfirmAnswerSchema } from '@mailhound/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';

// The answer carries the return url with the session id filled in (product-spec §2 "Checkout
// return").
export function confirmLocalPayment(payload: LocalConfirmPayload) {
  return apiClient.post('/checkout/local/confirm', {
    body: payload,
    schema: localConfirmAnswerSchema,
  });
}

export function useConfirmLocalPayment() {
  return useMutation({ mutationFn: confirmLocalPayment });
}
