import { bulkItemSchema } from '@mailhound/contracts';
import { useSearchUpload } from '../../../shared/api/upload-file.ts';
import { bulkHistoryKey } from './get-bulk-history.ts';

// POST /person/bulk as multipart (api-spec §7 "Search and history"); the rows' credits go on
// hold while the list is processed.
export function useUploadBulkFile() {
  return useSearchUpload('/person/bulk', bulkItemSchema, bulkHistoryKey);
}
