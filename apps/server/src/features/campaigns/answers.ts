import {
  campaignNameSchema,
  campaignSchedulesSchema,
  campaignStatusSchema,
  campaignStepsSchema,
} from '@mailhound/contracts';
import { z } from 'zod';

export const campaignMissingParts = ['contacts', 'schedule', 'sequences', 'mailbox'] as const;
export type CampaignMissingPart = (typeof campaignMissingParts)[number];

// The campaign JSON of the campaigns contract.
export const campaignAnswerSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: campaignStatusSchema,
  customer_group_id: z.string().nullable(),
  customer_group_name: z.string().nullable(),
  schedules: z.array(z.unknown()),
  steps: z.array(z.unknown()),
  mailbox_ids: z.array(z.string()),
  settings: z.object({
    stop_after_reply: z.boolean(),
    track_email: z.boolean(),
    link_tracking: z.boolean(),
    send_as_text: z.boolean(),
    emails_limit: z.number().int(),
    min_email_gap: z.number().int(),
    max_email_gap: z.number().int(),
    max_new_leads: z.number().int(),
    new_leads_first: z.boolean(),
  }),
  ready: z.boolean(),
  missing: z.array(z.enum(campaignMissingParts)),
  ended: z.boolean(),
  created: z.string(),
  stats: z.object({
    sent: z.number().int(),
    replied: z.number().int(),
    bounced: z.number().int(),
    unsubscribed: z.number().int(),
  }),
});
export type CampaignAnswer = z.infer<typeof campaignAnswerSchema>;

export const campaignPageSchema = z.object({
  campaigns: z.array(campaignAnswerSchema),
  page: z.number().int(),
  pages: z.number().int(),
  per_page: z.number().int(),
  total_count: z.number().int(),
});

export const campaignUpdateSchema = z
  .object({
    name: campaignNameSchema.optional(),
    customer_group_id: z.string().nullable().optional(),
    schedules: campaignSchedulesSchema.optional(),
    steps: campaignStepsSchema.optional(),
    status: campaignStatusSchema.optional(),
  })
  .strict();
export type CampaignUpdate = z.infer<typeof campaignUpdateSchema>;

export const notReadyAnswerSchema = z.object({
  statusCode: z.literal(400),
  error: z.string(),
  message: z.string(),
  missing: z.array(z.enum(campaignMissingParts)),
});

export const emailTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  body: z.string(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;
