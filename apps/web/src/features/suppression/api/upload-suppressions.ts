import { suppressionUploadAnswerSchema } from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFile } from '../../../shared/api/upload-file.ts';
import { suppressionsKey } from './get-suppressions.ts';

// A CSV or XLSX of addresses and @domains; its bad rows are skipped and named in the answer.
export function useUploadSuppressions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      uploadFile('/mail/suppression/upload', file, suppressionUploadAnswerSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppressionsKey }),
  });
}
