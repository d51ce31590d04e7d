import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { plans, users } from '../../platform/account-schema.ts';

export const paymentProviderNames = ['local', 'stripe'] as const;
export type PaymentProviderName = (typeof paymentProviderNames)[number];

export const checkoutModes = ['payment', 'subscription'] as const;
export type CheckoutMode = (typeof checkoutModes)[number];

export const checkoutStatuses = ['open', 'complete', 'expired'] as const;
export type CheckoutStatus = (typeof checkoutStatuses)[number];

export const receiptStatuses = ['paid', 'failed', 'refunded'] as const;
export type ReceiptStatus = (typeof receiptStatuses)[number];

export type SavedCard = {
  type: 'card' | 'link' | 'us_bank';
  brand: string | null;
  last4: string | null;
  email: string | null;
  bank_name: string | null;
};

// The local provider's card on file; a test card that declines every charge is still saved, as
// Stripe attaches 4000 0000 0000 0341 to a customer, and fails the renewals.
export type LocalCardOnFile = SavedCard & { declinesCharges?: boolean };

// A user's side at the payment provider: the Stripe customer, or the local provider's card.
export const billingCustomers = pgTable('billing_customers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').unique(),
  localCard: jsonb('local_card').$type<LocalCardOnFile>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// What the user asked to buy, fixed when the session is created: the provider's confirmation
// later grants exactly this, whatever the browser says.
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    // The provider's session id (Stripe's cs_…, or the local provider's cs_local_…).
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: paymentProviderNames }).notNull(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    priceId: text('price_id').notNull(),
    mode: text('mode', { enum: checkoutModes }).notNull(),
    quantity: integer('quantity').notNull(),
    // Credits a one-time purchase adds (quantity × the plan's credits); 0 for subscriptions.
    credits: integer('credits').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    // Only the local provider keeps it: its confirm call names the session by it.
    clientSecret: text('client_secret').unique(),
    returnUrl: text('return_url').notNull(),
    status: text('status', { enum: checkoutStatuses }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('checkout_sessions_user').on(table.userId, table.createdAt),
    check('checkout_sessions_mode', sql`${table.mode} in ('payment', 'subscription')`),
    check('checkout_sessions_status', sql`${table.status} in ('open', 'complete', 'expired')`),
    check('checkout_sessions_quantity', sql`${table.quantity} >= 1`),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    // The provider's subscription id (sub_… or sub_local_…).
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: paymentProviderNames }).notNull(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    status: text('status', { enum: ['active', 'canceled'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    // The end of the period paid for: the local provider bills the next one then (Stripe
    // renews by itself and reports the invoice).
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    // When the provider made the state last applied from it (Stripe's event `created`): an
    // older update delivered later is stale and changes nothing.
    providerStateAt: timestamp('provider_state_at', { withTimezone: true }),
  },
  (table) => [
    // A user pays for one plan at a time.
    uniqueIndex('subscriptions_one_active').on(table.userId).where(sql`${table.status} = 'active'`),
    check('subscriptions_status', sql`${table.status} in ('active', 'canceled')`),
  ],
);

export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Numbers paid receipts (MH-000042); failed ones show none.
    sequence: bigserial('sequence', { mode: 'number' }).notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The provider's payment, invoice or attempt id: one receipt per payment, however often
    // the provider tells us about it.
    paymentId: text('payment_id').notNull().unique(),
    sessionId: text('session_id').references(() => checkoutSessions.id, { onDelete: 'set null' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: receiptStatuses }).notNull(),
    description: text('description').notNull(),
    // The ledger entry of the credits this payment granted: a refund takes its share back.
    grantKey: text('grant_key'),
    // Cents refunded so far (Stripe refunds a charge in one or more parts).
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('receipts_user_created').on(table.userId, table.createdAt.desc()),
    check('receipts_status', sql`${table.status} in ('paid', 'failed', 'refunded')`),
    check('receipts_amount_not_negative', sql`${table.amount} >= 0`),
  ],
);

// Webhook events already applied: a replayed or retried delivery changes nothing.
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: paymentProviderNames }).notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
