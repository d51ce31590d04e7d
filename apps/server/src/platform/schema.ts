// Every table, for Drizzle's typed queries and for drizzle-kit (see drizzle.config.ts).
export * from '../features/auth/schema.ts';
export * from '../features/billing/schema.ts';
export * from '../features/bot-check/schema.ts';
export * from '../features/bulk/schema.ts';
export * from '../features/campaigns/schema.ts';
export * from '../features/companies/schema.ts';
export * from '../features/contacts/schema.ts';
export * from '../features/credits/schema.ts';
export * from '../features/events/schema.ts';
export * from '../features/files/schema.ts';
export * from '../features/lookalike/schema.ts';
export * from '../features/mailboxes/schema.ts';
export * from '../features/search/schema.ts';
export * from '../features/sender/schema.ts';
export * from '../features/tracking/schema.ts';
export * from '../features/unibox/schema.ts';
export * from './outbox-schema.ts';
