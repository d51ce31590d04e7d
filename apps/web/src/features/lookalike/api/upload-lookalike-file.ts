import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';
import { balanceKey } from '../../../shared/session/api/get-balance.ts';
import {
  type LookalikeItem,
  lookalikeItemSchema,
  lookalikeUploadMessages,
} from '../lookalike-item.ts';
import { lookalikeHistoryKey } from './get-lookalike-history.ts';

const path = '/lookalike';

// POST /lookalike as multipart `file` (lookalike-api.md). XMLHttpRequest rather than fetch:
// only it reports upload progress. A refusal goes through the main client's error rule.
export function uploadLookalikeFile(
  file: File,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<LookalikeItem> {
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
        reject(new Error(lookalikeUploadMessages.connectionLost));
        return;
      }
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(lookalikeItemSchema.parse(JSON.parse(request.responseText)));
        } catch {
          reject(new Error(lookalikeUploadMessages.unreadableAnswer));
        }
        return;
      }
      const response = new Response(request.responseText === '' ? null : request.responseText, {
        status: request.status,
        statusText: request.statusText,
      });
      apiClient.failure(path, response).then(reject, reject);
    };
    request.onerror = () => reject(new Error(lookalikeUploadMessages.connectionLost));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });

    const body = new FormData();
    body.append('file', file, file.name);
    request.send(body);
  });
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
