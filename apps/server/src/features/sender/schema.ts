import type { SurveyQuestion } from '@mailhound/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/account-schema.ts';
import { campaigns } from '../campaigns/schema.ts';
import { customers } from '../contacts/schema.ts';
import { mailboxes } from '../mailboxes/schema.ts';

export const sendStatuses = ['queued', 'sending', 'sent', 'failed', 'bounced', 'unknown'] as const;
export type SendStatus = (typeof sendStatuses)[number];

// One e-mail of a campaign: at most one per (campaign, contact, step), its Message-ID fixed
// before SMTP starts, so that a crash can be reconciled instead of sending twice.
export const campaignSends = pgTable(
  'campaign_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    step: integer('step').notNull(),
    // The step's A/B variant this contact got (issue 25), 0 for A: chosen when the send is
    // planned, so a crash and resume send the same one.
    variant: integer('variant').notNull().default(0),
    // Kept when the mailbox is deleted: the row still proves the mail went out.
    mailboxId: uuid('mailbox_id').references(() => mailboxes.id, { onDelete: 'set null' }),
    messageId: text('message_id').notNull(),
    status: text('status', { enum: sendStatuses }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    sendingAt: timestamp('sending_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('campaign_sends_campaign_customer_step').on(
      table.campaignId,
      table.customerId,
      table.step,
    ),
    uniqueIndex('campaign_sends_message_id').on(table.messageId),
    // A contact's deletion (an account's deletes all of them) finds its sends by this index.
    index('campaign_sends_customer').on(table.customerId),
    index('campaign_sends_mailbox_scheduled').on(table.mailboxId, table.scheduledAt),
    index('campaign_sends_campaign_scheduled').on(table.campaignId, table.scheduledAt),
    // Analytics count a send that went out on the day it was answered (see analytics/queries.ts).
    index('campaign_sends_campaign_answered')
      .on(
        table.campaignId,
        sql`coalesce(${table.sentAt}, ${table.sendingAt}, ${table.scheduledAt})`,
      )
      .where(sql`${table.status} in ('sent', 'bounced')`),
    index('campaign_sends_pending')
      .on(table.status, table.scheduledAt)
      .where(sql`${table.status} in ('queued', 'sending')`),
    check(
      'campaign_sends_status',
      sql`${table.status} in ('queued', 'sending', 'sent', 'failed', 'bounced', 'unknown')`,
    ),
  ],
);

export const contactStates = ['waiting', 'ready', 'stopped'] as const;
export type ContactState = (typeof contactStates)[number];

// Where each contact of a campaign stands: the step it last got, from which mailbox (every step
// goes out from the same one), and whether the sequence goes on.
export const campaignContacts = pgTable(
  'campaign_contacts',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mailboxId: uuid('mailbox_id').references(() => mailboxes.id, { onDelete: 'set null' }),
    lastStep: integer('last_step').notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    // waiting: a send is in flight; ready: the next step may follow; stopped: never again.
    state: text('state', { enum: contactStates }).notNull().default('waiting'),
    stopReason: text('stop_reason'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.campaignId, table.customerId] }),
    index('campaign_contacts_ready')
      .on(table.campaignId, table.lastSentAt)
      .where(sql`${table.state} = 'ready'`),
    index('campaign_contacts_customer').on(table.customerId),
    check('campaign_contacts_state', sql`${table.state} in ('waiting', 'ready', 'stopped')`),
  ],
);

// When each mailbox may send next: the random gap is drawn once, when a send is planned.
export const mailboxSendState = pgTable('mailbox_send_state', {
  mailboxId: uuid('mailbox_id')
    .primaryKey()
    .references(() => mailboxes.id, { onDelete: 'cascade' }),
  nextSendAt: timestamp('next_send_at', { withTimezone: true }).notNull(),
});

// 'complaint': a spam complaint, a mailbox provider's feedback report read by the Unibox sync.
export const unsubscribeSources = ['survey', 'one-click', 'complaint'] as const;

// A contact who asked for no more mail: no campaign of that user writes to them again. The
// survey's reasons and rating are kept once per token (send). Tracking writes it (the survey,
// one-click), the Unibox sync a complaint; the sender reads it before each send.
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
    check('unsubscribes_source', sql`${table.source} in ('survey', 'one-click', 'complaint')`),
  ],
);
