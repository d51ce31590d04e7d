import { FILE_NAME_TOOLTIP_MIN, historyPageSchema } from '@mailhound/contracts';
import { z } from 'zod';

// product-spec §3 "Bulk history item", as bulk-api.md answers it.
export const bulkItemSchema = z.object({
  requestId: z.string(),
  input: z.object({ fileName: z.string(), length: z.number(), hasInputFile: z.boolean() }),
  status: z.enum(['processing', 'completed', 'error']),
  progress: z.object({ success: z.number(), fail: z.number(), total: z.number() }),
  result: z
    .object({
      successCount: z.number(),
      verifiedCount: z.number(),
      hasMultipleFiles: z.boolean(),
    })
    .nullable(),
  error: z.string().nullable(),
  purchases: z.array(
    z.object({ id: z.union([z.string(), z.number()]), credits: z.number(), createdAt: z.string() }),
  ),
  createdAt: z.string(),
});
export type BulkItem = z.infer<typeof bulkItemSchema>;

export const bulkHistoryPageSchema = historyPageSchema(bulkItemSchema);
export type BulkHistoryPage = z.infer<typeof bulkHistoryPageSchema>;

export const bulkPreviewSchema = z.object({
  fileName: z.string(),
  rows: z.array(z.array(z.string())),
  paid: z.boolean(),
  credits: z.number(),
  hasInputFile: z.boolean(),
});
export type BulkPreview = z.infer<typeof bulkPreviewSchema>;

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
