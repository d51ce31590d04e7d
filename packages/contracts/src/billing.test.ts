import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  checkoutCreateSchema,
  planSchema,
  receiptSchema,
  sendInvoiceSchema,
} from './billing.ts';
import { formatReceiptDate } from './constants.ts';

const receipt = {
  id: 'ch_1',
  receipt_number: '1234-5678',
  date: formatReceiptDate(new Date('2024-03-07T05:04:09Z')),
  amount: 1999,
  status: 'paid',
  receipt_url: 'https://pay.example/receipts/1',
};

describe('checkout', () => {
  it('quantity defaults to 1', () => {
    expect(
      checkoutCreateSchema.parse({ priceId: 'price_1', returnUrl: 'https://app.example/checkout' }),
    ).toEqual({ priceId: 'price_1', returnUrl: 'https://app.example/checkout', quantity: 1 });
  });

  it('refuses a missing price, a zero quantity and a non-web return url', () => {
    const ok = { priceId: 'price_1', returnUrl: 'https://app.example/r' };
    expect(checkoutCreateSchema.safeParse({ ...ok, priceId: '' }).success).toBe(false);
    expect(checkoutCreateSchema.safeParse({ ...ok, quantity: 0 }).success).toBe(false);
    expect(
      checkoutCreateSchema.safeParse({ ...ok, returnUrl: 'javascript:alert(1)' }).success,
    ).toBe(false);
  });
});

describe('plans and receipts (product-spec §3)', () => {
  it('reads a plan with its rules', () => {
    const plan = {
      name: 'Free',
      is_default: true,
      rules: { credits: 25, lead_search_credits: 10, interval: 'month', price: 0, price_id: null },
    };
    expect(planSchema.parse(plan)).toEqual(plan);
  });

  it('a receipt date is YYYY-MM-DD HH-MM-SS', () => {
    expect(receiptSchema.parse(receipt)).toEqual(receipt);
    expect(receiptSchema.safeParse({ ...receipt, date: '2024-03-07T05:04:09Z' }).success).toBe(
      false,
    );
  });

  it('sending an invoice needs an e-mail and at least one receipt', () => {
    expect(sendInvoiceSchema.parse({ email: 'Ann@Acme.com', receipts: [receipt] })).toEqual({
      email: 'ann@acme.com',
      receipts: [receipt],
    });
    expect(sendInvoiceSchema.safeParse({ email: 'ann@acme.com', receipts: [] }).success).toBe(
      false,
    );
  });

  it('shows cents as dollars', () => {
    expect(centsToDollars(1999)).toBe('$19.99');
    expect(centsToDollars(0)).toBe('$0.00');
    expect(centsToDollars(123456)).toBe('$1,234.56');
  });
});
