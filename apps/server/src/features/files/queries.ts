import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../platform/database.ts';
import { bulkFiles, bulkRequests, type FileKind } from '../bulk/schema.ts';

export async function findOwnRequest(db: Queryable, userId: string, requestId: string) {
  const [request] = await db
    .select()
    .from(bulkRequests)
    .where(and(eq(bulkRequests.id, requestId), eq(bulkRequests.userId, userId)));
  return request;
}

export async function hasInputFile(db: Queryable, requestId: string): Promise<boolean> {
  const [file] = await db
    .select({ kind: bulkFiles.kind })
    .from(bulkFiles)
    .where(and(eq(bulkFiles.requestId, requestId), eq(bulkFiles.kind, 'input')));
  return file !== undefined;
}

export async function findFile(db: Queryable, requestId: string, kind: FileKind) {
  const [file] = await db
    .select()
    .from(bulkFiles)
    .where(and(eq(bulkFiles.requestId, requestId), eq(bulkFiles.kind, kind)));
  return file;
}
