import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeUser } from '../../test/auth-fixtures.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { searchHistory } from './schema.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const start = new Date('2026-03-01T10:00:00Z');

// Finished searches, the n-th one minute after the (n-1)-th, for a user or a guest.
async function insertSearches(owner: { userId: string } | { guestId: string }, count: number) {
  const rows = Array.from({ length: count }, (_, i) => {
    const createdAt = new Date(start.getTime() + i * 60_000);
    return {
      id: randomUUID(),
      userId: 'userId' in owner ? owner.userId : null,
      guestId: 'guestId' in owner ? owner.guestId : null,
      clientAddress: '10.0.0.1',
      query: { firstName: `Person${i}`, lastName: 'Lee', companyWebsite: 'acme.test' },
      result: { exactEmail: `person${i}.lee@acme.test`, exactEmailScore: 99 },
      evidence: { domain: 'acme.test' },
      score: 99,
      createdAt,
      settledAt: createdAt,
    };
  });
  await t.db.insert(searchHistory).values(rows);
  return rows;
}

const history = (query: string, token?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/search-history/single${query}`,
    headers: token ? { authorization: token } : {},
  });

describe('GET /api/search-history/single', () => {
  it('pages a user’s searches newest first, 10 per page by default', async () => {
    const user = await activeUser(t);
    const rows = await insertSearches({ userId: user.id }, 12);
    const first = await history('', user.token);
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page).toMatchObject({ currentPage: 1, totalPages: 2, totalItems: 12 });
    expect(page.items).toHaveLength(10);
    expect(page.items[0]).toEqual({
      _id: rows[11]?.id,
      query: { firstName: 'Person11', lastName: 'Lee', companyWebsite: 'acme.test' },
      result: { exactEmail: 'person11.lee@acme.test', exactEmailScore: 99 },
      error: null,
      evidence: { domain: 'acme.test' },
      // Evidence stored before the finder recorded its flags and MX hosts is not judged.
      verdict: null,
      createdAt: rows[11]?.createdAt.toISOString(),
    });
    const second = (await history('?page=2', user.token)).json();
    expect(second).toMatchObject({ currentPage: 2, totalPages: 2, totalItems: 12 });
    expect(second.items.map((item: { _id: string }) => item._id)).toEqual([
      rows[1]?.id,
      rows[0]?.id,
    ]);
    const small = (await history('?page=3&perPage=5', user.token)).json();
    expect(small).toMatchObject({ currentPage: 3, totalPages: 3, totalItems: 12 });
    expect(small.items).toHaveLength(2);
  });

  it('never shows a user another user’s rows, nor a search still running', async () => {
    const owner = await activeUser(t);
    const other = await activeUser(t);
    await insertSearches({ userId: owner.id }, 3);
    await t.db.insert(searchHistory).values({
      id: randomUUID(),
      userId: other.id,
      clientAddress: '10.0.0.1',
      query: { firstName: 'Ann', lastName: 'Lee', companyWebsite: 'acme.test' },
    });
    const page = (await history('', other.token)).json();
    expect(page).toEqual({ items: [], currentPage: 1, totalPages: 0, totalItems: 0 });
  });

  it('lets a guest read only the rows of its own guest id', async () => {
    const guest = `guest_${randomUUID()}`;
    const otherGuest = `guest_${randomUUID()}`;
    const user = await activeUser(t);
    const mine = await insertSearches({ guestId: guest }, 2);
    await insertSearches({ guestId: otherGuest }, 3);
    await insertSearches({ userId: user.id }, 1);
    const page = (await history(`?userId=${guest}`)).json();
    expect(page.totalItems).toBe(2);
    expect(page.items.map((item: { _id: string }) => item._id)).toEqual([mine[1]?.id, mine[0]?.id]);
    // A token wins over a guest id: a user reads their own rows, not the guest's.
    const asUser = (await history(`?userId=${guest}`, user.token)).json();
    expect(asUser.totalItems).toBe(1);
  });

  it('answers 401 without a token or a guest id, and 400 for a malformed query', async () => {
    const anonymous = await history('');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('User unauthorized.');
    expect((await history('?userId=someone')).statusCode).toBe(400);
    expect((await history(`?userId=guest_${randomUUID()}&page=0`)).statusCode).toBe(400);
    expect((await history(`?userId=guest_${randomUUID()}&perPage=1000`)).statusCode).toBe(400);
  });
});
