import { describe, expect, it } from 'vitest';
import {
  bulkBadge,
  bulkPaymentText,
  onHoldText,
  percentProcessed,
  previewRows,
  resultCountText,
  shortFileName,
  summaryText,
} from './bulk-item.ts';

const purchase = { id: 'p1', credits: 12, createdAt: '2025-01-01T00:00:00.000Z' };

describe('bulk item badge (product-spec §4 "Bulk item")', () => {
  it('is Paid once a purchase exists', () => {
    expect(bulkBadge({ status: 'completed', purchases: [purchase] })).toBe('Paid');
  });

  it('is Slicing while processing', () => {
    expect(bulkBadge({ status: 'processing', purchases: [] })).toBe('Slicing');
  });

  it('says Nothing to pay for a finished list without a verified e-mail, paid or not', () => {
    const empty = { successCount: 3, verifiedCount: 0, hasMultipleFiles: true, credits: 0 };
    expect(bulkBadge({ status: 'completed', purchases: [], result: empty })).toBe('Nothing to pay');
    expect(bulkBadge({ status: 'completed', purchases: [purchase], result: empty })).toBe(
      'Nothing to pay',
    );
    expect(bulkPaymentText({ paid: true, verified: 0, credits: 0 })).toBe(
      'Nothing to pay: no verified e-mail was found in this list.',
    );
    expect(bulkPaymentText({ paid: false, verified: 12, credits: 12 })).toBe(
      'You will pay up to 12 credit(s)',
    );
    expect(bulkPaymentText({ paid: true, verified: 12, credits: 0 })).toBe(
      'You already paid for these emails',
    );
  });

  it('prices only the verified addresses not paid for yet: none left is already paid', () => {
    expect(bulkPaymentText({ paid: false, verified: 12, credits: 7 })).toBe(
      'You will pay up to 7 credit(s)',
    );
    expect(bulkPaymentText({ paid: false, verified: 12, credits: 0 })).toBe(
      'You already paid for these emails',
    );
  });

  it('prices a list with addresses to verify at up to its quote, not as nothing to pay', () => {
    const verifyList = {
      successCount: 0,
      verifiedCount: 0,
      hasMultipleFiles: true,
      credits: 2,
      toVerify: 2,
    };
    expect(bulkBadge({ status: 'completed', purchases: [], result: verifyList })).toBe('Unpaid');
    expect(bulkPaymentText({ paid: false, verified: 0, credits: 2, toVerify: 2 })).toBe(
      'You will pay up to 2 credit(s)',
    );
  });

  it('is Unpaid otherwise, a failed search included', () => {
    expect(bulkBadge({ status: 'completed', purchases: [] })).toBe('Unpaid');
    expect(bulkBadge({ status: 'error', purchases: [] })).toBe('Unpaid');
  });
});

describe('percent processed', () => {
  it('counts found and failed rows against the total', () => {
    expect(percentProcessed({ success: 30, fail: 20, total: 200 })).toBe(25);
  });

  it('reaches 100 only when every row is done', () => {
    expect(percentProcessed({ success: 198, fail: 1, total: 200 })).toBe(99);
    expect(percentProcessed({ success: 150, fail: 50, total: 200 })).toBe(100);
  });

  it('counts the rows to verify as processed', () => {
    expect(percentProcessed({ success: 0, fail: 0, total: 4, toVerify: 4 })).toBe(100);
  });

  it('is 0 for a list not yet counted', () => {
    expect(percentProcessed({ success: 0, fail: 0, total: 0 })).toBe(0);
  });
});

describe('file name in the preview (product-spec §2 "Bulk preview")', () => {
  it('shows a name of 25 characters whole, without a tooltip', () => {
    const name = `${'a'.repeat(21)}.csv`;
    expect(shortFileName(name)).toEqual({ text: name, tooltip: null });
  });

  it('cuts a longer name and keeps it whole in the tooltip', () => {
    const name = `${'b'.repeat(22)}.csv`;
    expect(shortFileName(name)).toEqual({ text: `${'b'.repeat(22)}.cs…`, tooltip: name });
  });
});

describe('preview rows', () => {
  it('splits the header row from the result rows', () => {
    expect(previewRows([['Email'], ['ann@acme.test']])).toEqual({
      header: ['Email'],
      body: [['ann@acme.test']],
    });
    expect(previewRows([['Email']])).toEqual({ header: ['Email'], body: [] });
  });
});

describe('what the list holds and what became of it', () => {
  it('says the credits on hold while the list is searched', () => {
    expect(onHoldText(6)).toMatch(
      /^On hold for this list: 6 credits, released when the search ends/,
    );
    expect(onHoldText(1)).toMatch(/^On hold for this list: 1 credit,/);
  });

  it('counts found, verified, not found and failed rows with their reasons', () => {
    expect(
      summaryText({
        rows: 1200,
        found: 900,
        verified: 850,
        notFound: 280,
        failed: [
          { reason: 'No business e-mail', count: 15 },
          { reason: 'Connection trouble', count: 5 },
        ],
      }),
    ).toBe(
      '1,200 rows: 900 found (850 verified), 280 not found, 20 failed (No business e-mail: 15, Connection trouble: 5)',
    );
  });

  it('says the addresses to verify show once downloaded, before the rest', () => {
    const summary = { rows: 3, found: 0, verified: 0, notFound: 0, failed: [], toVerify: 3 };
    expect(summaryText(summary)).toBe('3 rows: 3 to verify, shown once you download');
    expect(
      summaryText({
        ...summary,
        toVerify: 1,
        found: 1,
        verified: 1,
        failed: [{ reason: 'Not an e-mail address', count: 1 }],
      }),
    ).toBe(
      '3 rows: 1 to verify, shown once you download, 1 found (1 verified), 0 not found, 1 failed (Not an e-mail address: 1)',
    );
    const result = { successCount: 1, verifiedCount: 1, hasMultipleFiles: true, credits: 2 };
    expect(resultCountText({ ...result, toVerify: 1 })).toBe(
      '1 emails found, 1 to verify, shown once you download',
    );
    expect(resultCountText({ ...result, successCount: 0, toVerify: 2 })).toBe(
      '2 to verify, shown once you download',
    );
    expect(resultCountText(result)).toBe('1 emails found');
  });
});
