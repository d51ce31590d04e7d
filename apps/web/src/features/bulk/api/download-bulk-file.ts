import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';
import { saveFile } from '../../../shared/save-file.ts';
import { balanceKey } from '../../../shared/session/api/get-balance.ts';
import { fileNameFromContentDisposition } from '../content-disposition.ts';
import { bulkHistoryKey } from './get-bulk-history.ts';
import { bulkItemKey } from './get-bulk-item.ts';
import { bulkPreviewKey } from './get-bulk-preview.ts';

// The original upload, every row with its result, or only the rows with an address found.
export type BulkFileKind = 'input' | 'full' | 'success';
export type ResultFormat = 'csv' | 'xlsx';

export type BulkFileRequest = { kind: BulkFileKind; format: ResultFormat };

function filePath(requestId: string, { kind, format }: BulkFileRequest): string {
  const id = encodeURIComponent(requestId);
  if (kind === 'input') return `/file/${id}/input`;
  return `/file/${id}/result/${kind}${format === 'xlsx' ? '?format=xlsx' : ''}`;
}

// api-spec §7 "Bulk files": a blob, named by the content-disposition header.
export async function downloadBulkFile(
  requestId: string,
  request: BulkFileRequest,
): Promise<{ file: Blob; fileName: string }> {
  const path = filePath(requestId, request);
  const response = await fetch(`${apiClient.baseUrl}${path}`, {
    headers: apiClient.authorizationHeaders(),
  });
  if (!response.ok) throw await apiClient.failure(path.replace(/\?.*$/, ''), response);
  const fileName =
    fileNameFromContentDisposition(response.headers.get('content-disposition')) ??
    (request.kind === 'input' ? 'bulk-input' : `bulk-results.${request.format}`);
  return { file: await response.blob(), fileName };
}

// product-spec §4 "Bulk result payment": after a result download the item is paid and the
// balance is read again.
export function useDownloadBulkFile(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: BulkFileRequest) => downloadBulkFile(requestId, request),
    onSuccess: ({ file, fileName }, request) => {
      saveFile(file, fileName);
      if (request.kind === 'input') return;
      queryClient.invalidateQueries({ queryKey: bulkPreviewKey(requestId) });
      queryClient.invalidateQueries({ queryKey: bulkItemKey(requestId) });
      queryClient.invalidateQueries({ queryKey: bulkHistoryKey });
      queryClient.invalidateQueries({ queryKey: balanceKey });
    },
  });
}
