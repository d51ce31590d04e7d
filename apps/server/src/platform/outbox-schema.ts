import { bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Transactional mail kept in the database when SMTP_URL is unset (shown at /dev/outbox).
export const outbox = pgTable('outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
