import { bulkItemSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';

export const bulkItemKey = (requestId: string) =>
  ['search-history', 'bulk-item', requestId] as const;

// Without the event-stream Accept header the detail call answers JSON (api-spec §4 "states and
// transitions": JSON or an event stream).
export function getBulkItem(requestId: string) {
  return apiClient.get(`/search-history/bulk/${encodeURIComponent(requestId)}`, {
    schema: bulkItemSchema,
  });
}

export function bulkItemQueryOptions(requestId: string) {
  return queryOptions({
    queryKey: bulkItemKey(requestId),
    queryFn: () => getBulkItem(requestId),
  });
}

export function useBulkItem(requestId: string) {
  return useQuery(bulkItemQueryOptions(requestId));
}
