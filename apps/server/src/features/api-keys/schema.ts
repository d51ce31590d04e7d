import { bigserial, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../platform/account-schema.ts';

// A user's keys for the public `/v2` API. Only the key's SHA-256 is kept: the key itself is
// shown once, when it is made. A revoked key keeps its row, so its usage stays readable.
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // Hex SHA-256 of the whole key; every `/v2` call looks its key up by it (unique index).
    keyHash: text('key_hash').notNull().unique(),
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('api_keys_user').on(table.userId, table.createdAt)],
);

// One row per `/v2` call: which key, which endpoint, the answer's status and the credits taken.
export const apiUsage = pgTable(
  'api_usage',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    keyId: uuid('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    status: integer('status').notNull(),
    credits: integer('credits').notNull().default(0),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('api_usage_key_at').on(table.keyId, table.at.desc(), table.id.desc())],
);
