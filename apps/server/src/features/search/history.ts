import type { Verdict } from '@mailhound/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { verdictOfStored } from '../verify/index.ts';
import { type SearchQuery, type SearchResult, searchHistory } from './schema.ts';

export type HistoryOwner = { userId: string } | { guestId: string };

export type HistoryItem = {
  _id: string;
  query: SearchQuery;
  result: SearchResult | null;
  error: string | null;
  evidence: Record<string, unknown> | null;
  verdict: Verdict | null;
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
      ? sql`${searchHistory.userId} = ${owner.userId}`
      : sql`${searchHistory.guestId} = ${owner.guestId}`;
  const where = sql`${mine} and ${searchHistory.settledAt} is not null`;
  // The page's ids come from the owner index alone (an index-only scan, however deep the
  // page); only its rows are read from the table.
  const newestFirst = sql`${searchHistory.createdAt} desc nulls last, ${searchHistory.id} desc nulls last`;
  const [rows, counted] = await Promise.all([
    db.execute<{
      id: string;
      query: SearchQuery;
      result: SearchResult | null;
      error: string | null;
      evidence: Record<string, unknown> | null;
      created_at: string;
    }>(sql`
      with page as (
        select ${searchHistory.id} as id, ${searchHistory.createdAt} as created_at
        from ${searchHistory}
        where ${where}
        order by ${newestFirst}
        limit ${perPage} offset ${(page - 1) * perPage}
      )
      select h.id, h.query, h.result, h.error, h.evidence,
             to_char(h.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
      from page join ${searchHistory} h on h.id = page.id
      order by page.created_at desc, page.id desc`),
    db.execute<{ count: number }>(
      sql`select count(*)::int as count from ${searchHistory} where ${where}`,
    ),
  ]);
  const totalItems = counted.rows[0]?.count ?? 0;
  return {
    items: rows.rows.map((row) => ({
      _id: row.id,
      query: row.query,
      result: row.result,
      error: row.error,
      evidence: row.evidence,
      verdict: verdictOfStored(row.result, row.evidence),
      createdAt: row.created_at,
    })),
    currentPage: page,
    totalPages: Math.ceil(totalItems / perPage),
    totalItems,
  };
}
