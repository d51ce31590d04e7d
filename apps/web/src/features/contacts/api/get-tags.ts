import { tagSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { mailClient } from '../../../shared/api/clients.ts';

export const tagsKey = ['mail', 'tags'] as const;

export function getTags() {
  return mailClient.get('/tags/list', { schema: z.array(tagSchema) });
}

export function useTags() {
  return useQuery(queryOptions({ queryKey: tagsKey, queryFn: getTags }));
}
