import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// The accounts every feature's rows hang off, and the plan each is on. They sit below the
// features because auth (sign-up puts a user on the default plan), credits (the ledger's
// accounts), billing and the auth hook all reference them.
export type PlanRules = {
  credits: number;
  lead_search_credits: number;
  interval: 'month' | 'year' | 'once';
  price: number;
  price_id: string | null;
};

export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    isDefault: boolean('is_default').notNull().default(false),
    rules: jsonb('rules').$type<PlanRules>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // At most one default plan: sign-up must find exactly one.
    uniqueIndex('plans_single_default').on(table.isDefault).where(sql`${table.isDefault}`),
  ],
);

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
