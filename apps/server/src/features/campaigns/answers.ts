import {
  campaignMissingParts,
  campaignNameSchema,
  campaignSchedulesSchema,
  campaignStatusSchema,
  campaignStepsSchema,
} from '@mailhound/contracts';
import { z } from 'zod';

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
