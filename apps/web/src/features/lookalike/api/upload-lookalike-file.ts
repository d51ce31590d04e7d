import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UploadOptions, uploadFile } from '../../../shared/api/upload-file.ts';
import { balanceKey } from '../../../shared/session/api/get-balance.ts';
import { type LookalikeItem, lookalikeItemSchema } from '../lookalike-item.ts';
import { lookalikeHistoryKey } from './get-lookalike-history.ts';

const path = '/lookalike';

// POST /lookalike as multipart `file` (lookalike-api.md).
export function uploadLookalikeFile(
  file: File,
  options: UploadOptions = {},
): Promise<LookalikeItem> {
  return uploadFile(path, file, lookalikeItemSchema, options);
}

export function useUploadLookalikeFile() {
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
    }) => uploadLookalikeFile(file, { onProgress, signal }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: lookalikeHistoryKey });
      // The upload spends one lead search.
      queryClient.invalidateQueries({ queryKey: balanceKey });
    },
  });
}
