import { receiptSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../shared/api/clients.ts';

export const receiptsKey = ['checkout', 'receipts'] as const;

export function getReceipts() {
  return apiClient.get('/checkout/receipts', { schema: z.array(receiptSchema) });
}

export function useReceipts() {
  return useQuery(queryOptions({ queryKey: receiptsKey, queryFn: getReceipts }));
}
