import type { Verdict } from '@mailhound/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  customType,
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

export const bulkStatuses = ['processing', 'completed', 'error'] as const;
export type BulkStatus = (typeof bulkStatuses)[number];

// One uploaded list. `success` and `fail` count the rows done so far (an address found or
// not); `held` is the credit hold taken at upload and released when processing ends.
export const bulkRequests = pgTable(
  'bulk_requests',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    header: jsonb('header').$type<string[]>().notNull(),
    status: text('status', { enum: bulkStatuses }).notNull().default('processing'),
    total: integer('total').notNull(),
    success: integer('success').notNull().default(0),
    fail: integer('fail').notNull().default(0),
    successCount: integer('success_count'),
    verifiedCount: integer('verified_count'),
    held: integer('held').notNull(),
    // Rows verifying an address the upload gave: until the result is bought, their outcomes
    // (the verdicts it sells) count in no figure the user or a webhook sees.
    verifyRows: integer('verify_rows').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    check('bulk_requests_status', sql`${table.status} in ('processing', 'completed', 'error')`),
    index('bulk_requests_user_created').on(table.userId, table.createdAt.desc(), table.id.desc()),
  ],
);

// What a row asks: find an address from a name and a company (website or name), verify a
// given address, or nothing usable (answered with an error, never looked up).
export type BulkQuery =
  | { kind: 'find'; firstName: string; lastName: string; company: string }
  | { kind: 'verify'; email: string }
  | { kind: 'skip'; reason: string };

export const bulkRowStates = ['pending', 'done'] as const;

// One data row of an upload, with its result once done. Rows are processed a chunk at a time
// (a domain's rows share a chunk); a chunk's rows are written done in one transaction.
export const bulkRows = pgTable(
  'bulk_rows',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => bulkRequests.id, { onDelete: 'cascade' }),
    rowIndex: integer('row_index').notNull(),
    chunk: integer('chunk').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
    query: jsonb('query').$type<BulkQuery>().notNull(),
    state: text('state', { enum: bulkRowStates }).notNull().default('pending'),
    email: text('email'),
    score: integer('score'),
    error: text('error'),
    // The verdict on the address the row gave or found (issue 22); null for a row searched
    // before verdicts were kept, one never looked up, or one whose search found no address.
    verdict: jsonb('verdict').$type<Verdict>(),
    // When the row's lookup began (its chunk was read): its verdict's judgement time, kept
    // until the result is paid for and the verdict becomes the user's (verify's saveVerdictsFrom).
    judgedAt: timestamp('judged_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.requestId, table.rowIndex] }),
    check('bulk_rows_state', sql`${table.state} in ('pending', 'done')`),
    index('bulk_rows_pending_chunks')
      .on(table.requestId, table.chunk)
      .where(sql`${table.state} = 'pending'`),
    // A contact's verification looks up the bulk rows that found its address.
    index('bulk_rows_found_email')
      .on(sql`lower(${table.email})`)
      .where(sql`${table.score} is not null`),
  ],
);

// The purchase of a request's results: one per request, so a result is paid for once.
export const bulkPurchases = pgTable('bulk_purchases', {
  id: uuid('id').primaryKey(),
  requestId: uuid('request_id')
    .notNull()
    .unique()
    .references(() => bulkRequests.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  credits: integer('credits').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const fileKinds = ['input', 'full.csv', 'full.xlsx', 'success.csv', 'success.xlsx'] as const;
export type FileKind = (typeof fileKinds)[number];

// A bulk request's files in PostgreSQL, so that any process can serve or read them: the
// original upload and the result files built at completion.
export const bulkFiles = pgTable(
  'bulk_files',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => bulkRequests.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: fileKinds }).notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.requestId, table.kind] })],
);
