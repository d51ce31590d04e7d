import { describe, expect, it } from 'vitest';
import { changeFilters, hasFilters, readFilters, threadsQuery } from './unibox-filters.ts';

describe('Unibox filters in the query string', () => {
  it('reads every filter back and asks the threads call with them, 20 a page', () => {
    const filters = readFilters(
      new URLSearchParams('status=bounced&campaign_id=c1&mailbox_id=m1&unread=true&key=bob&page=3'),
    );
    expect(threadsQuery(filters)).toEqual({
      page: 3,
      count: 20,
      status: 'bounced',
      campaign_id: 'c1',
      mailbox_id: 'm1',
      unread: 'true',
      key: 'bob',
    });
    expect(hasFilters(filters)).toBe(true);
  });

  it('ignores values it does not know: the whole inbox, first page', () => {
    const filters = readFilters(new URLSearchParams('status=spam&page=-2&unread=yes'));
    expect(threadsQuery(filters)).toEqual({ page: 1, count: 20 });
    expect(hasFilters(filters)).toBe(false);
  });

  it('starts a changed filter on the first page and keeps the open thread', () => {
    const next = changeFilters(new URLSearchParams('page=4&key=bob&thread=t1'), {
      status: 'replied',
    });
    expect(next.toString()).toBe('status=replied&key=bob&thread=t1');
    expect(changeFilters(next, { page: 2 }).get('page')).toBe('2');
  });

  it('drops filters set back to all', () => {
    const next = changeFilters(new URLSearchParams('status=replied&unread=true&campaign_id=c1'), {
      status: null,
      unreadOnly: false,
      campaignId: null,
    });
    expect(next.toString()).toBe('');
  });
});
