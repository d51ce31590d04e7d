import { customType, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bulkRequests } from '../bulk/schema.ts';

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
