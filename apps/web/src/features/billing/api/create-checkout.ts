import {
  CHECKOUT_SESSION_PLACEHOLDER,
  type CheckoutCreatePayload,
  checkoutCreateAnswerSchema,
} from '@mailhound/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';

// The provider fills in the session id when it sends the buyer back (product-spec §2 "Checkout
// return": /checkout/return?session_id={id}).
export function checkoutReturnUrl(origin: string = window.location.origin): string {
  return `${origin}/checkout/return?session_id=${CHECKOUT_SESSION_PLACEHOLDER}`;
}

export function createCheckout(payload: CheckoutCreatePayload) {
  return apiClient.post('/checkout', { body: payload, schema: checkoutCreateAnswerSchema });
}

export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout });
}
