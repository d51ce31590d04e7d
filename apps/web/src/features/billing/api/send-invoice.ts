import type { SendInvoicePayload } from '@mailhound/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';

export function sendInvoice(payload: SendInvoicePayload) {
  return apiClient.post('/checkout/receipts/send', { body: payload });
}

export function useSendInvoice() {
  return useMutation({ mutationFn: sendInvoice });
}
