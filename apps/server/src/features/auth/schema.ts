import { sql } from 'drizzle-orm';
import {
  bigserial,
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
import { plans } from '../credits/schema.ts';

export const userStatuses = ['active', 'not verified'] as const;
export type UserStatus = (typeof userStatuses)[number];
export const loginProviders = ['local', 'google'] as const;
export type LoginProvider = (typeof loginProviders)[number];
export type UserProperties = { sections: string[] };

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Stored lower-cased; the unique index on lower() keeps e-mails case-insensitive anyway.
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    fname: text('fname').notNull(),
    lname: text('lname').notNull(),
    status: text('status', { enum: userStatuses }).notNull().default('not verified'),
    properties: jsonb('properties').$type<UserProperties>().notNull(),
    loginProvider: text('login_provider', { enum: loginProviders }).notNull().default('local'),
    oidcSubject: text('oidc_subject').unique(),
    guestUserId: text('guest_user_id'),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    // The JWT `ver` claim: bumped by a password change or reset so older tokens stop working.
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_username_lower').on(sql`lower(${table.username})`),
    index('users_plan').on(table.planId),
    check('users_status', sql`${table.status} in ('active', 'not verified')`),
    check('users_login_provider', sql`${table.loginProvider} in ('local', 'google')`),
  ],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('verification_codes_user').on(table.userId, table.createdAt)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('password_resets_user').on(table.userId)],
);

// One row per address asked for a reset link, existing account or not, so that the
// cooldown answers the same either way.
export const passwordResetRequests = pgTable('password_reset_requests', {
  email: text('email').primaryKey(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
});
