import type { HealthCheck, HealthState } from '@mailhound/contracts';
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

export const mailboxStatuses = ['active', 'error'] as const;
export type MailboxStatus = (typeof mailboxStatuses)[number];

// The last sender-domain health check (domain-health.ts).
export type StoredHealth = { domain: string; state: HealthState; checks: HealthCheck[] };

// A user's sender mailbox. The password is stored encrypted (platform/mail/password-box.ts),
// never in clear.
export const mailboxes = pgTable(
  'mailboxes',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: mailboxStatuses }).notNull(),
    statusMessage: text('status_message'),
    // Bounce and complaint protection judge only sends scheduled after this: the user resumed
    // a stopped mailbox (the time of its latest send then).
    guardedSince: timestamp('guarded_since', { withTimezone: true }),
    // Bounce or complaint protection stopped the mailbox's campaign sends (issue 25) until the
    // user resumes it; apart from `status`, which is about the connection: a stopped mailbox
    // still reads its inbox and answers leads from the Unibox.
    sendingStoppedAt: timestamp('sending_stopped_at', { withTimezone: true }),
    sendingStoppedReason: text('sending_stopped_reason'),
    email: text('email').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    passwordEncrypted: text('password_encrypted').notNull(),
    smtpHost: text('smtp_host').notNull(),
    smtpPort: integer('smtp_port').notNull(),
    imapHost: text('imap_host').notNull(),
    imapPort: integer('imap_port').notNull(),
    emailsLimit: integer('emails_limit').notNull(),
    minEmailGap: integer('min_email_gap').notNull(),
    maxEmailGap: integer('max_email_gap').notNull(),
    // Ramp-up (issue 25): the daily limit grows from this day on; null when it is off.
    rampStartedAt: timestamp('ramp_started_at', { withTimezone: true }),
    // The DKIM selector the user named; null: the common ones are tried.
    dkimSelector: text('dkim_selector'),
    health: jsonb('health').$type<StoredHealth>(),
    healthCheckedAt: timestamp('health_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('mailboxes_user_email').on(table.userId, sql`lower(${table.email})`),
    index('mailboxes_user_created').on(table.userId, table.createdAt),
    index('mailboxes_health_checked').on(table.healthCheckedAt),
    check('mailboxes_status', sql`${table.status} in ('active', 'error')`),
    check(
      'mailboxes_sending_stopped',
      sql`(${table.sendingStoppedAt} is null) = (${table.sendingStoppedReason} is null)`,
    ),
    check(
      'mailboxes_limits',
      sql`${table.emailsLimit} between 1 and 50 and ${table.maxEmailGap} > ${table.minEmailGap} and ${table.minEmailGap} >= 0`,
    ),
  ],
);
