import type { CampaignStep, Schedule } from '@mailhound/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
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
import { groups } from '../contacts/schema.ts';
import { mailboxes } from '../mailboxes/schema.ts';

export const campaignStatuses = ['active', 'paused'] as const;

// A campaign: its contact list, schedules and steps (validated by the contracts' schemas before
// they are stored, so kept as JSON), and the sending settings of its settings screen.
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
    schedules: jsonb('schedules').$type<Schedule[]>().notNull().default([]),
    steps: jsonb('steps').$type<CampaignStep[]>().notNull().default([]),
    stopAfterReply: boolean('stop_after_reply').notNull().default(false),
    trackEmail: boolean('track_email').notNull().default(false),
    linkTracking: boolean('link_tracking').notNull().default(false),
    sendAsText: boolean('send_as_text').notNull().default(false),
    emailsLimit: integer('emails_limit').notNull().default(0),
    minEmailGap: integer('min_email_gap').notNull().default(0),
    maxEmailGap: integer('max_email_gap').notNull().default(0),
    maxNewLeads: integer('max_new_leads').notNull().default(0),
    newLeadsFirst: boolean('new_leads_first').notNull().default(false),
    // Bounce protection (issue 25): the percentage above which the campaign pauses itself, and
    // why it did (null when the user paused it).
    bounceThreshold: integer('bounce_threshold').notNull().default(5),
    pausedReason: text('paused_reason'),
    // Send to addresses verified accept_all or unknown (issue 25); invalid ones never.
    includeRisky: boolean('include_risky').notNull().default(false),
    // Complaint protection: the spam-complaint percentage (in tenths, 0 to 5) above which the
    // campaign pauses itself.
    complaintThreshold: doublePrecision('complaint_threshold').notNull().default(0.3),
    // Bounce and complaint protection judge only sends after this time: the user resumed the
    // campaign after it paused itself (the time of its latest send then), so the sends it
    // paused for do not pause it again at the next bounce.
    guardedSince: timestamp('guarded_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('campaigns_user_created').on(table.userId, table.createdAt),
    index('campaigns_group').on(table.customerGroupId),
    uniqueIndex('campaigns_user_name').on(table.userId, sql`lower(${table.name})`),
    index('campaigns_active').on(table.id).where(sql`${table.status} = 'active'`),
    check('campaigns_status', sql`${table.status} in ('active', 'paused')`),
  ],
);

// The mailboxes a campaign sends from ("Accounts to Use").
export const campaignMailboxes = pgTable(
  'campaign_mailboxes',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    mailboxId: uuid('mailbox_id')
      .notNull()
      .references(() => mailboxes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.campaignId, table.mailboxId] }),
    index('campaign_mailboxes_mailbox').on(table.mailboxId),
  ],
);

// Saved e-mail templates of the sequences screen.
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('email_templates_user_created').on(table.userId, table.createdAt)],
);
