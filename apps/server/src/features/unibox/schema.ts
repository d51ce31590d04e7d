import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
import { mailboxes } from '../mailboxes/schema.ts';
import { campaignSends } from '../sender/schema.ts';

export const threadStatuses = ['replied', 'auto_reply', 'bounced'] as const;
export type StoredThreadStatus = (typeof threadStatuses)[number];

export const inboxKinds = ['reply', 'auto_reply', 'bounce', 'other', 'sent'] as const;
export type InboxKind = (typeof inboxKinds)[number];

export type StoredAddress = { email: string; name: string };
export type StoredBounce = { recipient: string; status: string; diagnostic: string | null };

// One contact's conversation with one campaign, created by the first answer we file for it.
export const inboxThreads = pgTable(
  'inbox_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    mailboxId: uuid('mailbox_id').references(() => mailboxes.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    status: text('status', { enum: threadStatuses }).notNull(),
    unread: boolean('unread').notNull().default(true),
    // Stored messages (answers and Unibox replies); the campaign's own steps are not counted.
    messageCount: integer('message_count').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    snippet: text('snippet').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('inbox_threads_campaign_customer').on(table.campaignId, table.customerId),
    index('inbox_threads_user_last').on(table.userId, table.lastMessageAt.desc(), table.id),
    index('inbox_threads_user_campaign_last').on(
      table.userId,
      table.campaignId,
      table.lastMessageAt.desc(),
    ),
    index('inbox_threads_user_mailbox_last').on(
      table.userId,
      table.mailboxId,
      table.lastMessageAt.desc(),
    ),
    index('inbox_threads_user_status_last').on(
      table.userId,
      table.status,
      table.lastMessageAt.desc(),
    ),
    index('inbox_threads_user_unread')
      .on(table.userId, table.lastMessageAt.desc())
      .where(sql`${table.unread}`),
    index('inbox_threads_customer').on(table.customerId),
    index('inbox_threads_mailbox').on(table.mailboxId),
    check('inbox_threads_status', sql`${table.status} in ('replied', 'auto_reply', 'bounced')`),
  ],
);

// Every message read from a mailbox's INBOX (once: the IMAP key is unique) and every message
// written in the Unibox. Mail that is not about one of our sends is kept as 'other' without its
// body and without a thread, only so that it is not read again.
export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mailboxId: uuid('mailbox_id')
      .notNull()
      .references(() => mailboxes.id, { onDelete: 'cascade' }),
    threadId: uuid('thread_id').references(() => inboxThreads.id, { onDelete: 'cascade' }),
    imapUidValidity: bigint('imap_uid_validity', { mode: 'number' }),
    // Null for messages sent from the Unibox.
    imapUid: bigint('imap_uid', { mode: 'number' }),
    messageId: text('message_id'),
    inReplyTo: text('in_reply_to'),
    references: text('references').array().notNull().default(sql`'{}'::text[]`),
    kind: text('kind', { enum: inboxKinds }).notNull(),
    // The campaign send this message answers or reports on.
    sendId: uuid('send_id').references(() => campaignSends.id, { onDelete: 'set null' }),
    fromEmail: text('from_email').notNull(),
    fromName: text('from_name').notNull().default(''),
    to: jsonb('to').$type<StoredAddress[]>().notNull().default([]),
    cc: jsonb('cc').$type<StoredAddress[]>().notNull().default([]),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull().default(''),
    quotedText: text('quoted_text'),
    bounce: jsonb('bounce').$type<StoredBounce>(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('inbox_messages_imap_key').on(
      table.mailboxId,
      table.imapUidValidity,
      table.imapUid,
    ),
    index('inbox_messages_thread_received').on(table.threadId, table.receivedAt),
    index('inbox_messages_user_message_id').on(table.userId, table.messageId),
    index('inbox_messages_send').on(table.sendId),
    check(
      'inbox_messages_kind',
      sql`${table.kind} in ('reply', 'auto_reply', 'bounce', 'other', 'sent')`,
    ),
  ],
);

// How far inbox sync has read each mailbox's INBOX.
export const mailboxSyncState = pgTable('mailbox_sync_state', {
  mailboxId: uuid('mailbox_id')
    .primaryKey()
    .references(() => mailboxes.id, { onDelete: 'cascade' }),
  uidValidity: bigint('uid_validity', { mode: 'number' }),
  lastUid: bigint('last_uid', { mode: 'number' }).notNull().default(0),
  lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
  lastError: text('last_error'),
  idleSupported: boolean('idle_supported').notNull().default(false),
});
