import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Bot-check proofs already accepted, kept until they expire so that none is accepted twice
// (by any API process).
export const usedBotChecks = pgTable(
  'used_bot_checks',
  {
    key: text('key').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('used_bot_checks_expires').on(table.expiresAt)],
);
