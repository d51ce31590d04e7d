import { campaignStatusSchema, PAGE_SIZE, weekDaySchema } from '@mailhound/contracts';
import { z } from 'zod';

// Answers of the campaign calls (api-spec §7 "Campaigns and mail", product-spec §3 "Campaign"),
// read as the web sees them.

// Ids may come as numbers or text; the web keeps them as text.
const idSchema = z.union([z.string(), z.number()]).transform(String);

export const campaignScheduleSchema = z.object({
  name: z.string(),
  timezone: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  start_date: z.string(),
  end_date: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  days: z.array(weekDaySchema),
});
export type CampaignSchedule = z.infer<typeof campaignScheduleSchema>;

export const campaignStepAnswerSchema = z.object({
  subject: z.string(),
  body: z.string(),
  email_gap: z.number().int(),
});
export type CampaignStepAnswer = z.infer<typeof campaignStepAnswerSchema>;

export const campaignSettingsAnswerSchema = z.object({
  stop_after_reply: z.boolean(),
  track_email: z.boolean(),
  link_tracking: z.boolean(),
  send_as_text: z.boolean(),
  emails_limit: z.number().int(),
  min_email_gap: z.number().int(),
  max_email_gap: z.number().int(),
  max_new_leads: z.number().int(),
  new_leads_first: z.boolean(),
});

// The parts a reader needs (ready, missing) are required; lists default to empty.
export const campaignSchema = z.object({
  id: idSchema,
  name: z.string(),
  status: campaignStatusSchema,
  customer_group_id: idSchema.nullish().transform((value) => value ?? null),
  customer_group_name: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  schedules: z.array(campaignScheduleSchema).default([]),
  steps: z.array(campaignStepAnswerSchema).default([]),
  mailbox_ids: z.array(idSchema).default([]),
  settings: campaignSettingsAnswerSchema,
  ready: z.boolean(),
  missing: z.array(z.string()).default([]),
  ended: z.boolean().default(false),
  created: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignPageSchema = z.object({
  campaigns: z.array(campaignSchema),
  page: z.number().int(),
  pages: z.number().int(),
  per_page: z.number().int().default(PAGE_SIZE),
  total_count: z.number().int(),
});
export type CampaignPage = z.infer<typeof campaignPageSchema>;

export const emailTemplateSchema = z.object({
  id: idSchema,
  name: z.string(),
  subject: z.string(),
  body: z.string(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;
