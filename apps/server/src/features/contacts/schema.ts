import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../../platform/account-schema.ts';

const ownerId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// Contact lists. Names are stored trimmed and collapsed; unique per user, case-insensitively.
export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('groups_user_name').on(table.userId, sql`lower(${table.name})`),
    index('groups_user_created').on(table.userId, table.createdAt),
  ],
);

// Contacts: one per user and e-mail (stored lower-cased), shared by every list they are on.
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    email: text('email').notNull(),
    fname: text('fname').notNull(),
    lname: text('lname').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Set by inbox sync when a bounce report comes back: no campaign writes to them again.
    bouncedAt: timestamp('bounced_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('customers_user_email').on(table.userId, sql`lower(${table.email})`),
    // The few bounced contacts, which the campaign tick leaves out of every campaign.
    index('customers_bounced').on(table.id).where(sql`${table.bouncedAt} is not null`),
  ],
);

export const groupCustomers = pgTable(
  'group_customers',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: ownerId(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.customerId] }),
    index('group_customers_customer').on(table.customerId),
  ],
);

// Custom columns of a user's contacts.
export const additionalFields = pgTable(
  'additional_fields',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('additional_fields_user_name').on(table.userId, sql`lower(${table.name})`),
  ],
);

export const customerFieldValues = pgTable(
  'customer_field_values',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    fieldId: uuid('field_id')
      .notNull()
      .references(() => additionalFields.id, { onDelete: 'cascade' }),
    userId: ownerId(),
    value: text('value').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.fieldId] }),
    index('customer_field_values_field').on(table.fieldId),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('tags_user_name').on(table.userId, sql`lower(${table.name})`)],
);

export const customerTags = pgTable(
  'customer_tags',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    userId: ownerId(),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.tagId] }),
    index('customer_tags_tag').on(table.tagId),
  ],
);

export const notes = pgTable(
  'notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('notes_customer_created').on(table.customerId, table.createdAt)],
);

export const createOperationStatuses = ['running', 'done', 'failed'] as const;
export type CreateOperationStatus = (typeof createOperationStatuses)[number];

// One streamed create-or-update: its progress, and (below) the contacts it wrote, in order.
export const createOperations = pgTable(
  'create_operations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'set null' }),
    status: text('status', { enum: createOperationStatuses }).notNull().default('running'),
    total: integer('total').notNull(),
    done: integer('done').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('create_operations_user').on(table.userId, table.createdAt),
    check('create_operations_status', sql`${table.status} in ('running', 'done', 'failed')`),
  ],
);

export const createOperationCustomers = pgTable(
  'create_operation_customers',
  {
    operationId: uuid('operation_id')
      .notNull()
      .references(() => createOperations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: ownerId(),
  },
  // A contact's deletion (an account's deletes all of them) finds its rows by this index.
  (table) => [
    primaryKey({ columns: [table.operationId, table.position] }),
    index('create_operation_customers_customer').on(table.customerId),
  ],
);
