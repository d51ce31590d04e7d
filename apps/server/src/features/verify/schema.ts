import type { Verdict } from '@mailhound/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/account-schema.ts';

// One verification (POST /verify). The row is written when it starts, with its credit on hold,
// and completed in the transaction that charges or releases that credit.
export const verifications = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    status: text('status'),
    verdict: jsonb('verdict').$type<Verdict>(),
    evidence: jsonb('evidence').$type<Record<string, unknown>>(),
    error: text('error'),
    charged: boolean('charged').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    // The history lists a user's settled verifications, newest first.
    index('verifications_user_created')
      .on(table.userId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.settledAt} is not null`),
    index('verifications_unsettled').on(table.createdAt).where(sql`${table.settledAt} is null`),
    // Domain Search asks whether a domain accepts every address: its latest verification that
    // told (domain-search/mail-facts.ts knownAcceptAll).
    index('verifications_domain_catch_all')
      .on(sql`(${table.evidence}->>'domain')`, table.settledAt.desc())
      .where(
        sql`${table.settledAt} is not null and jsonb_typeof(${table.evidence}->'catchAll') = 'boolean'`,
      ),
  ],
);

// The latest verdict a user has on an address, whichever feature judged it (Email Verifier, a
// bulk row, a single search and the look-alike and lead searches that run one), replaced by
// one judged no earlier (judged_at: when its lookup began; address-verdicts.ts), whichever is
// committed last. The campaign tick and the contact lists join it once per address instead of
// searching every source (issue 25). The address is stored lower-cased.
export const addressVerdicts = pgTable(
  'address_verdicts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    verdict: jsonb('verdict').$type<Verdict>().notNull(),
    judgedAt: timestamp('judged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.email] })],
);
