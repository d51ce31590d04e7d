import { suppressionSources } from '@mailhound/contracts';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../platform/account-schema.ts';

// The user's do-not-email list (issue 25): an address, or `@domain` for a whole domain, stored
// lower-cased, once per user. No campaign of the user writes to a match (sender/tick.ts and
// sender/send-one.ts ask `isSuppressed`).
export const suppressions = pgTable(
  'suppressions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entry: text('entry').notNull(),
    source: text('source', { enum: suppressionSources }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('suppressions_user_entry').on(table.userId, table.entry),
    index('suppressions_user_created').on(table.userId, table.createdAt),
    check(
      'suppressions_source',
      sql`${table.source} in ('manual', 'unsubscribe', 'bounce', 'complaint')`,
    ),
  ],
);
