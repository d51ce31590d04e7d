import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema.ts';
import { groups } from '../contacts/schema.ts';

export const campaignStatuses = ['active', 'paused'] as const;

// Campaigns (issue 11 extends them). Contact lists read their name and status.
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status', { enum: campaignStatuses }).notNull().default('paused'),
    customerGroupId: uuid('customer_group_id').references(() => groups.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('campaigns_user_created').on(table.userId, table.createdAt),
    index('campaigns_group').on(table.customerGroupId),
    check('campaigns_status', sql`${table.status} in ('active', 'paused')`),
  ],
);
