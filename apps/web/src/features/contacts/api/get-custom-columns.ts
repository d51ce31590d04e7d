import { additionalFieldSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { mailClient } from '../../../shared/api/clients.ts';

export const customColumnsKey = ['mail', 'additional-fields'] as const;

// The user's custom columns with their ids; the extended list view names them only.
export function getCustomColumns() {
  return mailClient.get('/additional-fields/list', { schema: z.array(additionalFieldSchema) });
}

export const customColumnsQueryOptions = () =>
  queryOptions({ queryKey: customColumnsKey, queryFn: getCustomColumns });

export function useCustomColumns(enabled: boolean) {
  return useQuery({ ...customColumnsQueryOptions(), enabled });
}
