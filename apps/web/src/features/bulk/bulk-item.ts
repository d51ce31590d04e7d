import {
  type BulkItem,
  type BulkPreview,
  bulkMessages,
  FILE_NAME_TOOLTIP_MIN,
} from '@mailhound/contracts';

export type BulkBadge = 'Paid' | 'Slicing' | 'Unpaid' | 'Nothing to pay';

// product-spec §4 "Bulk item": Paid if purchases exist, Slicing while processing, otherwise
// Unpaid; a finished list without one verified e-mail (nor addresses to verify, whose verdicts
// show once bought) has nothing to pay for, and says so.
export function bulkBadge(
  item: Pick<BulkItem, 'purchases' | 'status'> & { result?: BulkItem['result'] },
): BulkBadge {
  if (item.status === 'completed' && item.result?.verifiedCount === 0 && !item.result.toVerify)
    return 'Nothing to pay';
  if (item.purchases.length > 0) return 'Paid';
  if (item.status === 'processing') return 'Slicing';
  return 'Unpaid';
}

const nothingToPay = 'Nothing to pay: no verified e-mail was found in this list.';

// The payment line of a result: the spec's two texts, or nothing to pay when no e-mail was
// verified (a download is then free, paid for or not). `credits` is what a download costs at
// most now: an address the user paid for in any search is not paid again, so a result whose
// verified addresses are all paid for already costs nothing. `toVerify`: the addresses given
// to verify, whose verdicts (and so whether they are charged) show once bought.
export function bulkPaymentText(result: {
  paid: boolean;
  verified: number;
  credits: number;
  toVerify?: number | undefined;
}) {
  if (result.verified === 0 && !result.toVerify) return nothingToPay;
  return result.paid || result.credits === 0
    ? bulkMessages.alreadyPaid
    : bulkMessages.youWillPay(result.credits);
}

// The credits held while a list is searched, said where the balance drops.
export function onHoldText(credits: number): string {
  return `On hold for this list: ${credits.toLocaleString('en-US')} ${credits === 1 ? 'credit' : 'credits'}, released when the search ends; only verified e-mails are charged, when you download them.`;
}

// The preview's counts in one line: '200 rows: 150 found (120 verified), 45 not found, 5 failed
// (No business e-mail: 3, Connection trouble: 2)'; before a list is bought, its addresses to
// verify first: '2 rows: 2 to verify, shown once you download'.
export function summaryText(summary: BulkPreview['summary']): string {
  const parts: string[] = [];
  const toVerify = summary.toVerify ?? 0;
  if (toVerify > 0) parts.push(bulkMessages.toVerify(toVerify));
  if (toVerify === 0 || summary.found + summary.notFound > 0) {
    parts.push(
      `${summary.found.toLocaleString('en-US')} found (${summary.verified.toLocaleString('en-US')} verified)`,
      `${summary.notFound.toLocaleString('en-US')} not found`,
    );
  }
  const failed = summary.failed.reduce((sum, failure) => sum + failure.count, 0);
  if (failed > 0) {
    const reasons = summary.failed.map(({ reason, count }) => `${reason}: ${count}`).join(', ');
    parts.push(`${failed.toLocaleString('en-US')} failed (${reasons})`);
  }
  const rows = `${summary.rows.toLocaleString('en-US')} ${summary.rows === 1 ? 'row' : 'rows'}`;
  return `${rows}: ${parts.join(', ')}`;
}

// A finished list's result in a few words: the e-mails found and, before it is bought, the
// addresses to verify.
export function resultCountText(result: BulkItem['result']): string {
  const found = result?.successCount ?? 0;
  const toVerify = result?.toVerify ?? 0;
  if (toVerify === 0) return bulkMessages.emailsFound(found);
  const verify = bulkMessages.toVerify(toVerify);
  return found > 0 ? `${bulkMessages.emailsFound(found)}, ${verify}` : verify;
}

// The share of rows processed, found or not, as a whole percent that reaches 100 only at the end.
export function percentProcessed(progress: BulkItem['progress']): number {
  if (progress.total <= 0) return 0;
  const done = Math.min(
    progress.success + progress.fail + (progress.toVerify ?? 0),
    progress.total,
  );
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
