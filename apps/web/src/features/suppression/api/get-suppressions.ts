import { PAGE_SIZE, type SuppressionPage, suppressionPageSchema } from '@mailhound/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';

export const suppressionsKey = ['suppression'] as const;

export function getSuppressions(key: string, page: number): Promise<SuppressionPage> {
  return mailClient.get('/suppression', {
    query: { ...(key ? { key } : {}), page, count: PAGE_SIZE },
    schema: suppressionPageSchema,
  });
}

export function useSuppressions(key: string, page: number) {
  return useQuery({
    queryKey: [...suppressionsKey, key, page],
    queryFn: () => getSuppressions(key, page),
    placeholderData: keepPreviousData,
  });
}
