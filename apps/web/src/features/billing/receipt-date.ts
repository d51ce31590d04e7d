import { formatLongDate } from '../../shared/ui/dates.ts';

// Receipts are dated 'YYYY-MM-DD HH-MM-SS' in UTC (product-spec §3); the table shows a long US
// date such as 'November 23, 2026' (product-spec §2 "Invoices").
export function receiptLongDate(date: string): string {
  return formatLongDate(`${date.slice(0, 10)}T00:00:00Z`) || date;
}
