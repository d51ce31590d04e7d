import { z } from 'zod';
import { emailSchema } from './auth.ts';
import {
  historyPageSchema,
  searchErrorDataSchema,
  searchPaymentErrorDataSchema,
  searchProgressDataSchema,
  userHistoryQuerySchema,
} from './search.ts';
import { verdictSchema } from './verdict.ts';

// The verdict's vocabulary lives in its own file so that search.ts can carry a verdict too;
// it is exported from here, where every user of it already looks.
export * from './verdict.ts';

// POST /api/verify
export const verifyBodySchema = z.object({ email: emailSchema }).strict();
export type VerifyBody = z.infer<typeof verifyBodySchema>;

export const verifyResultDataSchema = verdictSchema.extend({
  _id: z.string(),
  // The finder's evidence (MX host, SMTP replies, catch-all probe, timings).
  evidence: z.record(z.string(), z.unknown()).nullable(),
  charged: z.boolean(),
});
export type VerifyResultData = z.infer<typeof verifyResultDataSchema>;

// Streamed like the single search: `progress` events, then one final event, the verdict as a
// plain data message (no event name), payment_error or error.
export const verifyEventSchema = z.union([
  z.object({ event: z.literal('progress'), data: searchProgressDataSchema }),
  z.object({ event: z.never().optional(), data: verifyResultDataSchema }),
  z.object({ event: z.literal('payment_error'), data: searchPaymentErrorDataSchema }),
  z.object({ event: z.literal('error'), data: searchErrorDataSchema }),
]);
export type VerifyEvent = z.infer<typeof verifyEventSchema>;

// GET /api/search-history/verify: the user's verifications, newest first, 10 per page.
export const verifyHistoryQuerySchema = userHistoryQuerySchema;
export type VerifyHistoryQuery = z.infer<typeof verifyHistoryQuerySchema>;

export const verifyHistoryItemSchema = z.object({
  _id: z.string(),
  email: z.string(),
  verdict: verdictSchema.nullable(),
  error: z.string().nullable(),
  evidence: z.record(z.string(), z.unknown()).nullable(),
  charged: z.boolean(),
  createdAt: z.string(),
});
export type VerifyHistoryItem = z.infer<typeof verifyHistoryItemSchema>;

export const verifyHistoryPageSchema = historyPageSchema(verifyHistoryItemSchema);
export type VerifyHistoryPage = z.infer<typeof verifyHistoryPageSchema>;
