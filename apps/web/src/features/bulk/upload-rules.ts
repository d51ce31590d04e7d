// The bulk upload limits (ours; api-spec §7 "Search and history" names POST /person/bulk only),
// checked before sending so a wrong file fails at once; the server checks them again (and the
// rows, which only it reads).
export const BULK_MAX_BYTES = 5 * 1024 * 1024;
export const BULK_MAX_ROWS = 10_000;

export const uploadMessages = {
  notSpreadsheet: 'The file is not a CSV or XLSX spreadsheet.',
  tooLarge: 'The file is larger than 5 MB.',
  failed: 'The upload failed. Please try again.',
} as const;

export const acceptedFileTypes =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function uploadProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return uploadMessages.notSpreadsheet;
  if (file.size > BULK_MAX_BYTES) return uploadMessages.tooLarge;
  return null;
}
