import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UploadOptions, uploadFile } from '../../../shared/api/upload-file.ts';
import { balanceKey } from '../../../shared/session/api/get-balance.ts';
import { type BulkItem, bulkItemSchema } from '../bulk-item.ts';
import { bulkHistoryKey } from './get-bulk-history.ts';

const path = '/person/bulk';

// POST /person/bulk as multipart (bulk-api.md).
export function uploadBulkFile(file: File, options: UploadOptions = {}): Promise<BulkItem> {
  return uploadFile(path, file, bulkItemSchema, options);
}

export function useUploadBulkFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      file,
      onProgress,
      signal,
    }: {
      file: File;
      onProgress: (percent: number) => void;
      signal: AbortSignal;
    }) => uploadBulkFile(file, { onProgress, signal }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: bulkHistoryKey });
      // The rows' credits go on hold while the list is processed.
      queryClient.invalidateQueries({ queryKey: balanceKey });
    },
  });
}
