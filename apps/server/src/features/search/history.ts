import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { type SearchQuery, type SearchResult, searchHistory } from './schema.ts';

export type HistoryOwner = { userId: string } | { guestId: string };

export type HistoryItem = {
  _id: string;
  query: SearchQuery;
  result: SearchResult | null;
  error: string | null;
  evidence: Record<string, unknown> | null;
  createdAt: string;
};

export type HistoryPage = {
  items: HistoryItem[];
  currentPage: number;
  totalPages: number;
  totalItems: number;
};

// One page of an owner's finished single searches, newest first. A guest reads the rows of
// its own guest id only (a row has a user or a guest, never both).
export async function readHistoryPage(
  db: Db,
  owner: HistoryOwner,
  page: number,
  perPage: number,
): Promise<HistoryPage> {
  const mine =
    'userId' in owner
      ? eq(searchHistory.userId, owner.userId)
      : eq(searchHistory.guestId, owner.guestId);
  const where = and(mine, isNotNull(searchHistory.settledAt));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: searchHistory.id,
        query: searchHistory.query,
        result: searchHistory.result,
        error: searchHistory.error,
        evidence: searchHistory.evidence,
        createdAt: searchHistory.createdAt,
      })
      .from(searchHistory)
      .where(where)
      .orderBy(desc(searchHistory.createdAt), desc(searchHistory.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ count: sql<number>`count(*)::int` }).from(searchHistory).where(where),
  ]);
  const totalItems = total?.count ?? 0;
  return {
    items: rows.map((row) => ({
      _id: row.id,
      query: row.query,
      result: row.result,
      error: row.error,
      evidence: row.evidence,
      createdAt: row.createdAt.toISOString(),
    })),
    currentPage: page,
    totalPages: Math.ceil(totalItems / perPage),
    totalItems,
  };
}
