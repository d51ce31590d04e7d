import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/account-schema.ts';

// Every verified address found so far; the footer shows the count (× 10).
export const foundEmails = pgTable('found_emails', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  email: text('email').notNull().unique(),
  foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SearchQuery =
  | { firstName: string; lastName: string; companyWebsite: string }
  | { firstName: string; lastName: string; companyName: string };

export type SearchResult = { exactEmail: string | null; exactEmailScore: number };

// One single search. The row is written when the search starts (settled_at null, so a crash
// leaves a trace the sweep can settle) and completed in the transaction that settles its credit.
export const searchHistory = pgTable(
  'search_history',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestId: text('guest_id'),
    clientAddress: text('client_address').notNull(),
    query: jsonb('query').$type<SearchQuery>().notNull(),
    result: jsonb('result').$type<SearchResult>(),
    error: text('error'),
    evidence: jsonb('evidence').$type<Record<string, unknown>>(),
    score: integer('score'),
    charged: boolean('charged').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    check('search_history_one_owner', sql`(${table.userId} is null) <> (${table.guestId} is null)`),
    // History pages list settled rows only, newest first: the page's ids and the count come
    // from these indexes alone; the other owner kind's rows (null here) are left out.
    index('search_history_user_created')
      .on(table.userId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.userId} is not null and ${table.settledAt} is not null`),
    index('search_history_guest_created')
      .on(table.guestId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.guestId} is not null and ${table.settledAt} is not null`),
    // The guest allowance is also counted per client address.
    index('search_history_guest_address')
      .on(table.clientAddress)
      .where(sql`${table.userId} is null`),
    index('search_history_unsettled').on(table.createdAt).where(sql`${table.settledAt} is null`),
    // Domain Search asks whether a domain accepts every address: its latest search that told
    // (domain-search/mail-facts.ts knownAcceptAll).
    index('search_history_domain_catch_all')
      .on(sql`(${table.evidence}->>'domain')`, table.settledAt.desc())
      .where(
        sql`${table.settledAt} is not null and jsonb_typeof(${table.evidence}->'catchAll') = 'boolean'`,
      ),
    // A contact's verification looks up the user's searches that found its address.
    index('search_history_user_found_email')
      .on(table.userId, sql`lower(${table.result}->>'exactEmail')`)
      .where(sql`${table.settledAt} is not null and ${table.score} is not null`),
  ],
);

// Observed addresses per domain, the pattern each follows ('none' for none) and the source of
// the latest observation (verified, smtp, reply, known, bounce, delivered) per observer: the
// finder's PatternStore derives the domain's leading pattern, its weighted counts and the
// bounced addresses for the user who asks.
export const domainPatterns = pgTable(
  'domain_patterns',
  {
    domain: text('domain').notNull(),
    email: text('email').notNull(),
    pattern: text('pattern').notNull(),
    source: text('source').notNull().default('verified'),
    // Whose address it is (the finder's ownerKey of their name), when known.
    owner: text('owner'),
    // Who saw it (the finder's PatternObservation.observer): the user id behind a known,
    // reply, delivered or bounce observation; '' for the finder's own probes (verified,
    // smtp), which everybody shares; 'anonymous' for user observations recorded before
    // observers were (migration 0034).
    observer: text('observer').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.domain, table.email, table.observer] }),
    // The bounces at a domain (bounced()), and one observer's there (whether their delivery
    // replaces their contact).
    index('domain_patterns_bounces')
      .on(table.domain, table.observer, table.email)
      .where(sql`${table.source} = 'bounce'`),
    // Whether a user recorded anything at a domain (observedBy): their lookups there teach
    // only them.
    index('domain_patterns_observers')
      .on(table.domain, table.observer)
      .where(sql`${table.observer} <> ''`),
  ],
);
