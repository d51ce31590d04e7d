import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/account-schema.ts';

export const creditAccounts = pgTable(
  'credit_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    onHold: integer('on_hold').notNull().default(0),
    leadSearchBalance: integer('lead_search_balance').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('credit_accounts_balance_not_negative', sql`${table.balance} >= 0`),
    check('credit_accounts_on_hold_not_negative', sql`${table.onHold} >= 0`),
    check('credit_accounts_on_hold_covered', sql`${table.onHold} <= ${table.balance}`),
    check('credit_accounts_lead_search_not_negative', sql`${table.leadSearchBalance} >= 0`),
  ],
);

export const creditEntryKinds = [
  'plan_grant',
  'purchase',
  'bonus',
  'hold',
  'release',
  'charge',
  'refund',
] as const;
export type CreditEntryKind = (typeof creditEntryKinds)[number];

export const creditEntries = pgTable(
  'credit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: creditEntryKinds }).notNull(),
    amount: integer('amount').notNull().default(0),
    leadAmount: integer('lead_amount').notNull().default(0),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'credit_entries_kind',
      sql`${table.kind} in ('plan_grant', 'purchase', 'bonus', 'hold', 'release', 'charge', 'refund')`,
    ),
    check('credit_entries_amount_not_negative', sql`${table.amount} >= 0`),
    check('credit_entries_lead_amount_not_negative', sql`${table.leadAmount} >= 0`),
  ],
);

// The addresses a user has paid for (a single search of any kind, a bulk result): each is
// paid for once, and finding it again anywhere is free. `email` is lower-cased.
export const paidAddresses = pgTable(
  'paid_addresses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.email] })],
);
