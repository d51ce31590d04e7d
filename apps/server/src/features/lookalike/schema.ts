import type { Verdict } from '@mailhound/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/account-schema.ts';
import { companies, people } from '../companies/schema.ts';

export const lookalikeStatuses = ['processing', 'completed', 'error'] as const;
export type LookalikeStatus = (typeof lookalikeStatuses)[number];

// One uploaded list of company names or domains. `listCompanyIds` are the companies the job
// recognised; `totalCount` counts the companies scored at or above the similarity threshold.
export const lookalikeRequests = pgTable(
  'lookalike_requests',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    entries: jsonb('entries').$type<string[]>().notNull(),
    status: text('status', { enum: lookalikeStatuses }).notNull().default('processing'),
    listCompanyIds: jsonb('list_company_ids').$type<number[]>(),
    totalCount: integer('total_count'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    check(
      'lookalike_requests_status',
      sql`${table.status} in ('processing', 'completed', 'error')`,
    ),
    index('lookalike_requests_user_created').on(
      table.userId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
  ],
);

// The best-scored companies of a request, rank 1 first.
export const lookalikeResults = pgTable(
  'lookalike_results',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => lookalikeRequests.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    score: real('score').notNull(),
  },
  // A company's deletion finds its result rows by this index (a cascade).
  (table) => [
    primaryKey({ columns: [table.requestId, table.rank] }),
    index('lookalike_results_company').on(table.companyId),
  ],
);

// Addresses found for a request's preview contacts (search-emails); a contact is searched once.
export const lookalikeEmails = pgTable(
  'lookalike_emails',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => lookalikeRequests.id, { onDelete: 'cascade' }),
    personId: bigint('person_id', { mode: 'number' })
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    email: text('email'),
    score: integer('score'),
    // The verdict on the address found (issue 22), shown beside its score.
    verdict: jsonb('verdict').$type<Verdict>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A person's deletion finds their rows by this index (a cascade).
  (table) => [
    primaryKey({ columns: [table.requestId, table.personId] }),
    index('lookalike_emails_person').on(table.personId),
  ],
);

// A company's description as a TF-IDF vector (its strongest terms, L2-normalised), computed
// once per company and again when the company row changes (`sourceUpdatedAt`).
export const companyVectors = pgTable(
  'company_vectors',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    terms: text('terms').array().notNull(),
    weights: real('weights').array().notNull(),
    sourceUpdatedAt: timestamp('source_updated_at', { withTimezone: true }).notNull(),
  },
  // Candidate generation: the companies sharing a list's rarest strong terms.
  (table) => [index('company_vectors_terms').using('gin', table.terms)],
);

// Document frequencies of description terms over the company database (the IDF's input).
export const descriptionTerms = pgTable('description_terms', {
  term: text('term').primaryKey(),
  documents: integer('documents').notNull(),
});

// The number of descriptions the frequencies were counted over (a single row), and the
// version of the text pipeline (text-vectors.ts) the stored vectors were computed with.
export const descriptionCorpus = pgTable(
  'description_corpus',
  {
    id: integer('id').primaryKey().default(1),
    documents: integer('documents').notNull(),
    textVersion: integer('text_version').notNull().default(1),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull().defaultNow(),
    // Every company changed before this time has a current vector: the look-alike job's
    // check for new or changed companies reads only the rows changed from it on.
    vectorsThrough: timestamp('vectors_through', { withTimezone: true }),
  },
  (table) => [check('description_corpus_single_row', sql`${table.id} = 1`)],
);
