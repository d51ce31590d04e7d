import { type BulkItem, FILE_NAME_TOOLTIP_MIN } from '@mailhound/contracts';

export {
  type BulkHistoryPage,
  type BulkItem,
  type BulkPreview,
  bulkHistoryPageSchema,
  bulkItemSchema,
  bulkPreviewSchema,
} from '@mailhound/contracts';

export type BulkBadge = 'Paid' | 'Slicing' | 'Unpaid';

// product-spec §4 "Bulk item": Paid if purchases exist, Slicing while processing, otherwise Unpaid.
export function bulkBadge(item: Pick<BulkItem, 'purchases' | 'status'>): BulkBadge {
  if (item.purchases.length > 0) return 'Paid';
  if (item.status === 'processing') return 'Slicing';
  return 'Unpaid';
}

// The share of rows processed, found or not, as a whole percent that reaches 100 only at the end.
export function percentProcessed(progress: BulkItem['progress']): number {
  if (progress.total <= 0) return 0;
  const done = Math.min(progress.success + progress.fail, progress.total);
  return Math.floor((done / progress.total) * 100);
}

// product-spec §2 "Bulk preview": a name longer than 25 characters is cut, the tooltip shows it whole.
export function shortFileName(fileName: string): { text: string; tooltip: string | null } {
  if (fileName.length <= FILE_NAME_TOOLTIP_MIN) return { text: fileName, tooltip: null };
  return { text: `${fileName.slice(0, FILE_NAME_TOOLTIP_MIN)}…`, tooltip: fileName };
}

// The header row, then the result rows; an empty preview is the header alone.
export function previewRows(rows: string[][]): { header: string[]; body: string[][] } {
  const [header = [], ...body] = rows;
  return { header, body };
}
