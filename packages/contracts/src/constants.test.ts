import { describe, expect, it } from 'vitest';
import { formatReceiptDate, storageKeys } from './constants.ts';

describe('formatReceiptDate', () => {
  it('writes UTC as YYYY-MM-DD HH-MM-SS with dashes in the time', () => {
    expect(formatReceiptDate(new Date('2024-03-07T05:04:09Z'))).toBe('2024-03-07 05-04-09');
  });

  it('uses UTC, not the local zone', () => {
    expect(formatReceiptDate(new Date('2024-12-31T23:59:59-05:00'))).toBe('2025-01-01 04-59-59');
  });
});

describe('storage keys', () => {
  it('are the keys the product has always used', () => {
    expect(storageKeys).toEqual({
      token: 'token',
      uid: 'uid',
      searchHistory: 'searchHistory',
      autoSearch: 'autoSearch',
      sidebar: 'sidebarOpened',
      resendCooldown: 'resendCodeStartedAt',
      resetCooldown: 'resetLinkStartedAt',
    });
  });
});
