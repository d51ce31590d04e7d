import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  centsToDollars,
  formatReceiptDate,
  invoiceMessages,
  type Receipt,
  type SendInvoicePayload,
} from '@mailhound/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { users } from '../../platform/account-schema.ts';
import type { Db } from '../../platform/database.ts';
import { notFound } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mailer.ts';
import { type ReceiptStatus, receipts } from './schema.ts';

export type ReceiptLinks = { publicUrl: string; secret: string };

type ReceiptRow = {
  id: string;
  sequence: number;
  amount: number;
  status: ReceiptStatus;
  description: string;
  createdAt: Date;
};

const receiptNotFound = 'Receipt not found.';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Receipt pages are public but signed: the link works for whoever the invoice was sent to,
// and ids cannot be guessed into someone else's receipt.
export function signReceipt(id: string, secret: string): string {
  return createHmac('sha256', secret).update(`receipt:${id}`).digest('base64url');
}

export function isReceiptSignature(id: string, signature: string, secret: string): boolean {
  const expected = Buffer.from(signReceipt(id, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

// Failed payments have no receipt number, as with Stripe.
function receiptNumber(row: ReceiptRow): string | null {
  return row.status === 'failed' ? null : `MH-${String(row.sequence).padStart(6, '0')}`;
}

function toReceipt(row: ReceiptRow, links: ReceiptLinks): Receipt {
  const sig = signReceipt(row.id, links.secret);
  return {
    id: row.id,
    receipt_number: receiptNumber(row),
    date: formatReceiptDate(row.createdAt),
    amount: row.amount,
    status: row.status,
    receipt_url: `${links.publicUrl}/api/checkout/receipts/${row.id}/view?sig=${sig}`,
  };
}

const receiptColumns = {
  id: receipts.id,
  sequence: receipts.sequence,
  amount: receipts.amount,
  status: receipts.status,
  description: receipts.description,
  createdAt: receipts.createdAt,
};

export async function listReceipts(
  db: Db,
  userId: string,
  links: ReceiptLinks,
): Promise<Receipt[]> {
  const rows = await db
    .select(receiptColumns)
    .from(receipts)
    .where(eq(receipts.userId, userId))
    .orderBy(desc(receipts.createdAt), desc(receipts.sequence));
  return rows.map((row) => toReceipt(row, links));
}

// Mails the user's own receipts (the payload's copies are only ids: amounts, dates and links
// come from the database).
export async function sendInvoice(
  deps: { db: Db; mailer: Mailer },
  userId: string,
  payload: SendInvoicePayload,
  links: ReceiptLinks,
): Promise<{ message: string }> {
  const ids = [...new Set(payload.receipts.map((receipt) => receipt.id))];
  if (!ids.every((id) => uuidPattern.test(id))) throw notFound(receiptNotFound);
  const rows = await deps.db
    .select(receiptColumns)
    .from(receipts)
    .where(and(eq(receipts.userId, userId), inArray(receipts.id, ids)))
    .orderBy(desc(receipts.createdAt));
  if (rows.length !== ids.length) throw notFound(receiptNotFound);
  const lines = rows.map((row) => {
    const receipt = toReceipt(row, links);
    return [
      `Receipt ${receipt.receipt_number ?? '(none)'} — ${row.description}`,
      `Date: ${receipt.date} UTC`,
      `Amount: ${centsToDollars(row.amount)}`,
      `Status: ${row.status}`,
      `View: ${receipt.receipt_url}`,
    ].join('\n');
  });
  await deps.mailer.send({
    to: payload.email,
    subject: rows.length === 1 ? 'Your Mailhound invoice' : 'Your Mailhound invoices',
    text: `Thank you for your purchase.\n\n${lines.join('\n\n')}\n\nMailhound`,
  });
  return { message: invoiceMessages.sent };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

// The plain HTML page behind receipt_url.
export async function renderReceiptPage(
  db: Db,
  id: string,
  signature: string,
  links: ReceiptLinks,
): Promise<string> {
  if (!uuidPattern.test(id) || !isReceiptSignature(id, signature, links.secret)) {
    throw notFound(receiptNotFound);
  }
  const [row] = await db
    .select({ ...receiptColumns, email: users.username })
    .from(receipts)
    .innerJoin(users, eq(users.id, receipts.userId))
    .where(eq(receipts.id, id));
  if (!row) throw notFound(receiptNotFound);
  const receipt = toReceipt(row, links);
  const fields: [string, string][] = [
    ['Receipt number', receipt.receipt_number ?? '—'],
    ['Date (UTC)', receipt.date],
    ['Billed to', row.email],
    ['Description', row.description],
    ['Amount', centsToDollars(row.amount)],
    ['Status', row.status],
  ];
  const rowsHtml = fields
    .map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Mailhound receipt</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1a1b1e}th{text-align:left;padding:.4rem 1.5rem .4rem 0;color:#555;font-weight:500}td{padding:.4rem 0}</style>
</head><body><h1>Mailhound receipt</h1><table>${rowsHtml}</table></body></html>`;
}
