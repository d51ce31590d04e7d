import { z } from 'zod';
import { missingOnly } from './first-issue.ts';
import { validationMessages as m } from './messages.ts';

// Issue 23: the web API behind Settings › API and Settings › Webhooks. The public `/v2` answers
// follow Hunter's API v2 and are written beside the server's `/v2` routes' schemas.

const requiredText = (max: number) =>
  z.string(missingOnly(m.required)).trim().min(1, m.required).max(max, m.maxLength(max));

// API keys ---------------------------------------------------------------------------------

export const API_KEY_NAME_MAX = 50;
// A user's live (not revoked) keys.
export const API_KEYS_MAX = 20;

export const apiKeyCreateSchema = z.object({ name: requiredText(API_KEY_NAME_MAX) }).strict();
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  // The key's first characters, shown so a user can tell keys apart ('mh_3fA9c2…').
  prefix: z.string(),
  created: z.string(),
  // ISO time of the key's last `/v2` call; null before its first.
  last_used: z.string().nullable(),
  // `/v2` calls made with the key in the current billing period.
  requests_this_period: z.number().int().min(0),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

// `POST /api/api-keys` → 201: the key itself, shown this once and never again.
export const apiKeyCreatedSchema = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  prefix: z.string(),
  created: z.string(),
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

// The last calls of a user's keys (Settings › API › usage), newest first.
export const apiUsageRowSchema = z.object({
  key_id: z.string(),
  key_name: z.string(),
  endpoint: z.string(),
  status: z.number().int(),
  credits: z.number().int().min(0),
  at: z.string(),
});
export const apiUsagePageSchema = z.object({
  rows: z.array(apiUsageRowSchema),
  total: z.number().int().min(0),
});
export type ApiUsagePage = z.infer<typeof apiUsagePageSchema>;

export const apiKeyMessages = {
  created: 'API key created. Copy it now: it is shown only once.',
  revoked: 'API key revoked.',
  notFound: 'API key not found.',
  tooMany: `You can have at most ${API_KEYS_MAX} API keys. Revoke one first.`,
} as const;

// Webhooks ---------------------------------------------------------------------------------

export const webhookEvents = [
  'bulk.completed',
  'lookalike.completed',
  'email.replied',
  'email.bounced',
  'contact.unsubscribed',
  'campaign.paused',
] as const;
export const webhookEventSchema = z.enum(webhookEvents);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

export const WEBHOOK_URL_MAX = 2_000;
export const WEBHOOKS_MAX = 10;
// Deliveries kept and shown per webhook.
export const WEBHOOK_DELIVERIES_SHOWN = 50;

export const webhookUrlSchema = z
  .string(missingOnly(m.required))
  .trim()
  .min(1, m.required)
  .max(WEBHOOK_URL_MAX, m.maxLength(WEBHOOK_URL_MAX))
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'Enter a URL that starts with https:// or http://.');

export const webhookCreateSchema = z
  .object({
    url: webhookUrlSchema,
    events: z
      .array(webhookEventSchema)
      .min(1, 'Choose at least one event.')
      .refine((events) => new Set(events).size === events.length, 'Name each event once.'),
  })
  .strict();
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;

// `PATCH /api/webhooks/{id}`: turn a webhook off or back on.
export const webhookUpdateSchema = z.object({ enabled: z.boolean() }).strict();

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  enabled: z.boolean(),
  // Why the server turned it off (a URL that kept failing); null when the user did or it is on.
  disabled_reason: z.string().nullable(),
  created: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) });

// `POST /api/webhooks` → 201: the signing secret, shown this once.
export const webhookCreatedSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  event: z.union([webhookEventSchema, z.literal('webhook.test')]),
  // The event's id: the same on every retry, for the receiver's de-duplication.
  event_id: z.string(),
  attempt: z.number().int().min(1),
  // The receiver's HTTP status; null when no answer came (refused, timed out, private address).
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  at: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });

// `POST /api/webhooks/{id}/test` → 200: the one attempt made while the user waits, as its
// receiver answered (`status_code` null when no answer came).
export const webhookTestResultSchema = z.object({
  delivered: z.boolean(),
  status_code: z.number().int().nullable(),
  message: z.string(),
});
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;

export const webhookMessages = {
  created: 'Webhook added. Copy its signing secret now: it is shown only once.',
  deleted: 'Webhook deleted.',
  notFound: 'Webhook not found.',
  tooMany: `You can have at most ${WEBHOOKS_MAX} webhooks.`,
  privateAddress:
    'This URL points to a private or local address; webhooks go to public hosts only.',
  testSent: 'Test event sent.',
  testFailedStatus: (status: number) => `Test failed: your endpoint answered ${status}.`,
  // `reason` is the attempt's own sentence ('Could not reach the URL (ECONNREFUSED).').
  testFailedNoAnswer: (reason: string) => `Test failed: ${reason}`,
  tooManyCalls: 'Too many webhooks added or tested.',
  disabledAfterFailures:
    'Turned off after failing for 24 hours. Fix the receiver, then turn it on.',
} as const;

// The signature header on every delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`.
export const WEBHOOK_SIGNATURE_HEADER = 'Mailhound-Signature';
