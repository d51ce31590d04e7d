import { describe, expect, it } from 'vitest';
import { createFakeServer } from '../../../test/fake-server.ts';
import { getGuestBalance } from './get-guest-balance.ts';

const scored = (score: number) => ({ result: { exactEmail: 'a@b.com', exactEmailScore: score } });

describe('guest balance (api-spec §9)', () => {
  it('counts the searches scored 75 or more over pages the history call serves', async () => {
    const server = createFakeServer({
      'GET /api/search-history/single': (request) => ({
        body: {
          items: request.query.get('page') === '1' ? Array(100).fill(scored(60)) : [scored(75)],
          currentPage: Number(request.query.get('page')),
          totalPages: 2,
          totalItems: 101,
        },
      }),
    });
    expect((await getGuestBalance('guest_1')).balanceAvailable).toBe(1);
    const reads = server.requestsTo('GET /api/search-history/single');
    expect(reads.map((read) => read.query.get('page'))).toEqual(['1', '2']);
    expect(reads.every((read) => read.query.get('perPage') === '100')).toBe(true);
    expect(reads.every((read) => read.query.get('userId') === 'guest_1')).toBe(true);
  });

  it('is 0 when the history cannot be read', async () => {
    createFakeServer({ 'GET /api/search-history/single': { status: 500, body: {} } });
    expect((await getGuestBalance('guest_1')).balanceAvailable).toBe(0);
  });
});
