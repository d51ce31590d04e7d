import type { SurveyQuestion } from '@mailhound/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/account-schema.ts';
import { campaigns } from '../campaigns/schema.ts';
import { customers } from '../contacts/schema.ts';
import { campaignSends } from '../sender/schema.ts';

export const unsubscribeSources = ['survey', 'one-click'] as const;

// A contact who asked for no more mail: no campaign of that user writes to them again. The
// survey's reasons and rating are kept once per token (send).
export const unsubscribes = pgTable(
  'unsubscribes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    sendId: uuid('send_id').references(() => campaignSends.id, { onDelete: 'set null' }),
    source: text('source', { enum: unsubscribeSources }).notNull(),
    rating: integer('rating'),
    questions: jsonb('questions').$type<SurveyQuestion[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('unsubscribes_customer').on(table.customerId),
    index('unsubscribes_campaign').on(table.campaignId),
    uniqueIndex('unsubscribes_send_source').on(table.sendId, table.source),
    check('unsubscribes_source', sql`${table.source} in ('survey', 'one-click')`),
  ],
);

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
