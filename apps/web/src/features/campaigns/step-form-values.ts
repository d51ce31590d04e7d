import {
  CAMPAIGN_STEPS_MAX,
  type CampaignStep,
  type CampaignStepAnswer,
  campaignStepSchema,
  validationMessages,
} from '@mailhound/contracts';
import { z } from 'zod';

// A step as the form holds it: the gap in days is typed as digits; its subject and body are
// variant A, `variants` B to D (issue 25), left out when there are none.
const stepFormSchema = z
  .object({
    subject: z.string(),
    body: z.string(),
    variants: z.array(z.object({ subject: z.string(), body: z.string() })),
    email_gap: z.string(),
  })
  .transform(
    ({ variants, ...step }): z.input<typeof campaignStepSchema> => ({
      ...step,
      ...(variants.length > 0 ? { variants } : {}),
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

export const emptyStep = (gap: string) => ({
  subject: '',
  body: '',
  variants: [],
  email_gap: gap,
});

// The form field of a variant's subject or body: A is the step's own (issue 25).
export function variantField(step: number, variant: number, which: 'subject' | 'body') {
  return variant === 0
    ? (`steps.${step}.${which}` as const)
    : (`steps.${step}.variants.${variant - 1}.${which}` as const);
}

export function stepsFormDefaults(saved: CampaignStepAnswer[]): StepsFormValues {
  if (saved.length === 0) return { steps: [emptyStep('0')] };
  return {
    steps: saved.map((step) => ({
      ...step,
      variants: step.variants ?? [],
      email_gap: String(step.email_gap),
    })),
  };
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
