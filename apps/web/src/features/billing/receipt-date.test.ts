import { formatReceiptDate } from '@mailhound/contracts';
import { describe, expect, it } from 'vitest';
import { receiptLongDate } from './receipt-date.ts';

describe('receipt dates (product-spec §2 "Invoices")', () => {
  it('shows the receipt date as a long US date', () => {
    expect(receiptLongDate('2026-11-23 14-05-09')).toBe('November 23, 2026');
    expect(receiptLongDate(formatReceiptDate(new Date('2025-01-01T23:59:59Z')))).toBe(
      'January 1, 2025',
    );
  });
});
