import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../platform/account-schema.ts';
import { campaignSends } from '../sender/schema.ts';

// The first click on each tracked link of a sent e-mail.
export const linkClicks = pgTable(
  'link_clicks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sendId: uuid('send_id')
      .notNull()
      .references(() => campaignSends.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('link_clicks_send_url').on(table.sendId, table.url)],
);
