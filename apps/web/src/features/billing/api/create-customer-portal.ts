import { type CustomerPortalPayload, urlAnswerSchema } from '@mailhound/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';

export function createCustomerPortal(payload: CustomerPortalPayload) {
  return apiClient.post('/checkout/customer-portal', { body: payload, schema: urlAnswerSchema });
}

export function useCreateCustomerPortal() {
  return useMutation({ mutationFn: createCustomerPortal });
}
