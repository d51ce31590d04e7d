import { z } from 'zod';

// Issue 23: the body of every webhook delivery, `{ id, type, created, data }`, with one stable
// `data` shape per event. Fields are only ever added, never renamed or removed.

export const bulkCompletedData = z.object({
  bulk_id: z.string(),
  name: z.string(),
  total: z.number().int(),
  // Rows with an address found, and those of them scored 95 or more: rows verifying an
  // address the upload gave are not among them (their verdicts are sold with the result),
  // only counted in to_verify.
  found: z.number().int(),
  verified: z.number().int(),
  to_verify: z.number().int(),
  completed: z.string(),
});

export const lookalikeCompletedData = z.object({
  lookalike_id: z.string(),
  name: z.string(),
  // Companies in the finished list.
  total: z.number().int(),
  completed: z.string(),
});

// A reply filed by the Unibox for a campaign's lead.
export const emailRepliedData = z.object({
  thread_id: z.string(),
  campaign_id: z.string().nullable(),
  email: z.string(),
  subject: z.string(),
  snippet: z.string(),
  received: z.string(),
});

export const emailBouncedData = z.object({
  // null when the lead's server refused the address as we sent (no report reached the Unibox).
  thread_id: z.string().nullable(),
  campaign_id: z.string().nullable(),
  // The lead's address that bounced.
  email: z.string(),
  received: z.string(),
});

export const contactUnsubscribedData = z.object({
  campaign_id: z.string(),
  email: z.string(),
  unsubscribed: z.string(),
});

export const campaignPausedData = z.object({
  campaign_id: z.string(),
  name: z.string(),
  // 'manual': the user paused it; 'automatic': the server did (`detail` says why).
  reason: z.enum(['manual', 'automatic']),
  detail: z.string().nullable(),
});

export const webhookTestData = z.object({ webhook_id: z.string(), message: z.string() });

const envelope = <Type extends string, Data extends z.ZodType>(type: Type, data: Data) =>
  z.object({
    // The same on every retry: receivers de-duplicate on it.
    id: z.string(),
    type: z.literal(type),
    created: z.string(),
    data,
  });

// The delivered body, one variant per event type (`webhook.test` from 'Send test').
export const webhookEventBodySchema = z.discriminatedUnion('type', [
  envelope('bulk.completed', bulkCompletedData),
  envelope('lookalike.completed', lookalikeCompletedData),
  envelope('email.replied', emailRepliedData),
  envelope('email.bounced', emailBouncedData),
  envelope('contact.unsubscribed', contactUnsubscribedData),
  envelope('campaign.paused', campaignPausedData),
  envelope('webhook.test', webhookTestData),
]);
export type WebhookEventBody = z.infer<typeof webhookEventBodySchema>;
export type WebhookEventType = WebhookEventBody['type'];
export type WebhookEventDataOf<Type extends WebhookEventType> = Extract<
  WebhookEventBody,
  { type: Type }
>['data'];

// Sent with every delivery beside the signature header.
export const WEBHOOK_EVENT_ID_HEADER = 'Mailhound-Event-Id';
