import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { balanceKey } from '../session/api/get-balance.ts';
import { apiClient } from './clients.ts';

export const uploadFailures = {
  connectionLost: 'The upload failed because the connection was lost. Please try again.',
  unreadableAnswer: 'The upload could not be confirmed. Please check your history.',
} as const;

export type UploadOptions = { onProgress?: (percent: number) => void; signal?: AbortSignal };

// POSTs one file as multipart `file` to the main API and reads the answer with `schema`.
// XMLHttpRequest rather than fetch: only it reports upload progress. A refusal goes through
// the main client's error rule (401 included).
export function uploadFile<Answer>(
  path: string,
  file: File,
  schema: z.ZodType<Answer>,
  options: UploadOptions = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${apiClient.baseUrl}${path}`);
    request.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(apiClient.authorizationHeaders())) {
      request.setRequestHeader(name, value);
    }
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.round((event.loaded / event.total) * 100));
      }
    };
    request.onload = () => {
      if (request.status === 0) {
        reject(new Error(uploadFailures.connectionLost));
        return;
      }
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(schema.parse(JSON.parse(request.responseText)));
        } catch {
          reject(new Error(uploadFailures.unreadableAnswer));
        }
        return;
      }
      const response = new Response(request.responseText === '' ? null : request.responseText, {
        status: request.status,
        statusText: request.statusText,
      });
      apiClient.failure(path, response).then(reject, reject);
    };
    request.onerror = () => reject(new Error(uploadFailures.connectionLost));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });

    const body = new FormData();
    body.append('file', file, file.name);
    request.send(body);
  });
}

// The upload of a search's file (bulk, look-alike) as a mutation: on success the history shows
// the new item and the balance what the upload holds or spends.
export function useSearchUpload<Answer>(
  path: string,
  schema: z.ZodType<Answer>,
  historyKey: QueryKey,
) {
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
    }) => uploadFile(path, file, schema, { onProgress, signal }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: historyKey });
      queryClient.invalidateQueries({ queryKey: balanceKey });
    },
  });
}
