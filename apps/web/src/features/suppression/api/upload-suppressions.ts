import { suppressionAddAnswerSchema } from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadFile } from '../../../shared/api/upload-file.ts';
import { suppressionsKey } from './get-suppressions.ts';

// A CSV or XLSX of addresses and @domains; a file with a bad row is refused whole.
export function useUploadSuppressions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      uploadFile('/mail/suppression/upload', file, suppressionAddAnswerSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppressionsKey }),
  });
}
