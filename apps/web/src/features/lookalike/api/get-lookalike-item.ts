import { lookalikeItemSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';

export const lookalikeItemKey = (requestId: string) =>
  ['search-history', 'lookalike-item', requestId] as const;

// Without the event-stream Accept header the detail call answers JSON; a final item carries
// result.preview (product-spec §3 "Look-alike history item").
export function getLookalikeItem(requestId: string) {
  return apiClient.get(`/search-history/lookalike/${encodeURIComponent(requestId)}`, {
    schema: lookalikeItemSchema,
  });
}

export function lookalikeItemQueryOptions(requestId: string) {
  return queryOptions({
    queryKey: lookalikeItemKey(requestId),
    queryFn: () => getLookalikeItem(requestId),
  });
}

export function useLookalikeItem(requestId: string) {
  return useQuery(lookalikeItemQueryOptions(requestId));
}
