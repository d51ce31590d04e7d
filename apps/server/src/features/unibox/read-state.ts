import { and, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/database.ts';
import { mailboxSyncState } from './schema.ts';

// When inbox sync last read each of these mailboxes, for those whose last read did not fail
// (a bounce report that came back since then has been filed). Mailboxes never read are absent.
export async function mailboxesReadAt(db: Db, mailboxIds: string[]): Promise<Map<string, Date>> {
  if (mailboxIds.length === 0) return new Map();
  const rows = await db
    .select({ id: mailboxSyncState.mailboxId, at: mailboxSyncState.lastSyncedAt })
    .from(mailboxSyncState)
    .where(
      and(
        inArray(mailboxSyncState.mailboxId, mailboxIds),
        isNull(mailboxSyncState.lastError),
        isNotNull(mailboxSyncState.lastSyncedAt),
      ),
    );
  return new Map(rows.flatMap((row) => (row.at ? [[row.id, row.at] as const] : [])));
}
