import { BULK_MAX_BYTES, BULK_MAX_ROWS, bulkUploadMessages } from '@mailhound/contracts';

// The bulk upload limits (contracts' bulk.ts), checked before sending so a wrong file fails at
// once; the server checks them again (and the rows, which only it reads).
export { BULK_MAX_BYTES, BULK_MAX_ROWS };

export const uploadMessages = {
  notSpreadsheet: bulkUploadMessages.notSpreadsheet,
  tooLarge: bulkUploadMessages.tooLarge,
  failed: 'The upload failed. Please try again.',
} as const;

export const acceptedFileTypes =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function uploadProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return uploadMessages.notSpreadsheet;
  if (file.size > BULK_MAX_BYTES) return uploadMessages.tooLarge;
  return null;
}
