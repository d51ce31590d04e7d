import { bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Every verified address found so far; the footer shows the count (× 10).
export const foundEmails = pgTable('found_emails', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  email: text('email').notNull().unique(),
  foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
});
