import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/account-schema.ts';

// A user's webhook (issue 23). The signing secret is sealed with the platform's password box
// (bound to the webhook's id), shown once in the 201 answer and never again.
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    // The time of the first failed attempt since the last delivered one: a URL that has kept
    // failing for 24 hours is turned off.
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhooks_user_created').on(table.userId, table.createdAt)],
);

// One row per attempt to deliver an event to a webhook; retries share the event's id.
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    eventId: text('event_id').notNull(),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('webhook_deliveries_webhook_at').on(table.webhookId, table.at),
    check('webhook_deliveries_attempt', sql`${table.attempt} >= 1`),
  ],
);
