import { type CardAnswer, cardAnswerSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';

export type Card = NonNullable<CardAnswer>;

export const cardKey = ['checkout', 'card'] as const;

// null when no payment method is on file.
export async function getCard(): Promise<CardAnswer> {
  return (await apiClient.get('/checkout/card', { schema: cardAnswerSchema.optional() })) ?? null;
}

export function useCard() {
  return useQuery(queryOptions({ queryKey: cardKey, queryFn: getCard }));
}
