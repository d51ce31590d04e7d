import type { VerifyHistoryPage } from '@mailhound/contracts';
import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { isoDate } from '../../platform/paging.ts';
import { verifications } from './schema.ts';

// One page of a user's finished verifications, newest first.
export async function readVerifyHistoryPage(
  db: Db,
  userId: string,
  page: number,
  perPage: number,
): Promise<VerifyHistoryPage> {
  const mine = and(eq(verifications.userId, userId), isNotNull(verifications.settledAt));
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(verifications)
      .where(mine)
      .orderBy(desc(verifications.createdAt), desc(verifications.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ count: count() }).from(verifications).where(mine),
  ]);
  const totalItems = counted?.count ?? 0;
  return {
    items: rows.map((row) => ({
      _id: row.id,
      email: row.email,
      verdict: row.verdict,
      error: row.error,
      evidence: row.evidence,
      charged: row.charged,
      createdAt: isoDate(row.createdAt),
    })),
    currentPage: page,
    totalPages: Math.ceil(totalItems / perPage),
    totalItems,
  };
}
