import { describe, expect, it } from 'vitest';
import { filterPageQuerySchema, findEmailsBodySchema } from './companies.ts';
import { formatReceiptDate, storageKeys } from './constants.ts';
import { historyQuerySchema, userHistoryQuerySchema } from './search.ts';
import { threadListQuerySchema } from './unibox.ts';

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

describe('the largest page and the Find Emails limit', () => {
  const pageQueries = [
    ['the search histories', historyQuerySchema, 'perPage'],
    ['the look-alike and bulk histories', userHistoryQuerySchema, 'perPage'],
    ['the Company and Lead Finders', filterPageQuerySchema, 'perPage'],
    ['the Unibox', threadListQuerySchema, 'count'],
  ] as const;

  it.each(pageQueries)('%s serve up to 100 rows a page, not 101', (_, schema, field) => {
    expect(schema.safeParse({ [field]: '100' }).success).toBe(true);
    expect(schema.safeParse({ [field]: '101' }).success).toBe(false);
  });

  it('Find Emails takes up to 100 leads at once, not 101', () => {
    const leadIds = (count: number) => Array.from({ length: count }, (_, index) => String(index));
    expect(findEmailsBodySchema.safeParse({ leadIds: leadIds(100) }).success).toBe(true);
    expect(findEmailsBodySchema.safeParse({ leadIds: leadIds(101) }).success).toBe(false);
  });

  it('the signed-in histories take no guest id', () => {
    expect(userHistoryQuerySchema.parse({ page: '2', userId: 'guest_x' })).toEqual({
      page: 2,
      perPage: 10,
    });
  });
});
