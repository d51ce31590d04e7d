import {
  CAMPAIGN_STEPS_MAX,
  type CampaignStep,
  type CampaignStepAnswer,
  campaignStepSchema,
  validationMessages,
} from '@mailhound/contracts';
import { z } from 'zod';

// A step as the form holds it: the gap in days is typed as digits.
const stepFormSchema = z
  .object({ subject: z.string(), body: z.string(), email_gap: z.string() })
  .transform(
    (step): z.input<typeof campaignStepSchema> => ({
      ...step,
      email_gap: step.email_gap === '' ? undefined : Number(step.email_gap),
    }),
  )
  .pipe(campaignStepSchema);

// The first step goes out first: its gap is always 0 (ours; product-spec §3 "Campaign" gives
// each step an email_gap).
export const stepsFormSchema = z
  .object({
    steps: z
      .array(stepFormSchema)
      .min(1)
      .max(CAMPAIGN_STEPS_MAX, validationMessages.campaignStepsMax),
  })
  .transform(({ steps }) => ({
    steps: steps.map((step, index) => (index === 0 ? { ...step, email_gap: 0 } : step)),
  }));

export type StepsFormValues = z.input<typeof stepsFormSchema>;
export type StepsPayload = { steps: CampaignStep[] };

export const emptyStep = (gap: string) => ({ subject: '', body: '', email_gap: gap });

export function stepsFormDefaults(saved: CampaignStepAnswer[]): StepsFormValues {
  if (saved.length === 0) return { steps: [emptyStep('0')] };
  return { steps: saved.map((step) => ({ ...step, email_gap: String(step.email_gap) })) };
}

// Puts a variable at the caret (or over the selection) and says where the caret goes next.
export function insertAt(
  text: string,
  token: string,
  start: number,
  end: number,
): { text: string; caret: number } {
  return { text: `${text.slice(0, start)}${token}${text.slice(end)}`, caret: start + token.length };
}
