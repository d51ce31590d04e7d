import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Rate limits shared by every API process (platform/rate-limit.ts): one row per bucket and
// key, counting hits until expires_at, when the next hit starts a new window.
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    hits: integer('hits').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.bucket, table.key] }),
    index('rate_limit_counters_expires').on(table.expiresAt),
  ],
);
