// Receipts are dated 'YYYY-MM-DD HH-MM-SS' in UTC (product-spec §3); the table shows a long US
// date such as 'November 23, 2026' (product-spec §2 "Invoices").
const longUsDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

export function receiptLongDate(date: string): string {
  const [year, month, day] = date.slice(0, 10).split('-').map(Number);
  if (year === undefined || month === undefined || day === undefined) return date;
  return longUsDate.format(new Date(Date.UTC(year, month - 1, day)));
}
