import { lookalikeItemSchema } from '@mailhound/contracts';
import { useSearchUpload } from '../../../shared/api/upload-file.ts';
import { lookalikeHistoryKey } from './get-lookalike-history.ts';

// POST /lookalike as multipart `file` (api-spec §7 "Look-alike and rewards"); the upload spends
// one lead search.
export function useUploadLookalikeFile() {
  return useSearchUpload('/lookalike', lookalikeItemSchema, lookalikeHistoryKey);
}
