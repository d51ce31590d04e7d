import { bulkPreviewSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';

export const bulkPreviewKey = (requestId: string) => ['file', requestId, 'preview'] as const;

export function getBulkPreview(requestId: string) {
  return apiClient.get(`/file/${encodeURIComponent(requestId)}/preview`, {
    schema: bulkPreviewSchema,
  });
}

export function bulkPreviewQueryOptions(requestId: string) {
  return queryOptions({
    queryKey: bulkPreviewKey(requestId),
    queryFn: () => getBulkPreview(requestId),
  });
}

export function useBulkPreview(requestId: string) {
  return useQuery(bulkPreviewQueryOptions(requestId));
}
