import { type CampaignAnswer, campaignSettingsSchema } from '@mailhound/contracts';
import { z } from 'zod';

const numberFields = [
  'emails_limit',
  'min_email_gap',
  'max_email_gap',
  'max_new_leads',
  'bounce_threshold',
  'complaint_threshold',
] as const;
export type SettingsNumberField = (typeof numberFields)[number];

const asNumber = (text: string) => (text === '' ? undefined : Number(text));

// The complaint threshold is a percentage with a decimal (0.3): digits and the first point
// kept, at most 4 characters ("4.95" is refused by the schema, not cut short as typed).
export function toPercentText(text: string): string {
  const [whole = '', ...decimals] = text.replace(/[^\d.]/g, '').split('.');
  const kept = decimals.length > 0 ? `${whole}.${decimals.join('')}` : whole;
  return kept.replace(/^0+(?=\d)/, '').slice(0, 4);
}

// The number inputs hold digits; the contracts' schema checks the numbers they make
// (product-spec §5 "Settings form numbers": coerced to numbers before sending).
export const settingsFormSchema = z
  .object({
    mailbox_ids: z.array(z.string()),
    stop_after_reply: z.boolean(),
    track_email: z.boolean(),
    link_tracking: z.boolean(),
    send_as_text: z.boolean(),
    emails_limit: z.string(),
    min_email_gap: z.string(),
    max_email_gap: z.string(),
    max_new_leads: z.string(),
    new_leads_first: z.boolean(),
    bounce_threshold: z.string(),
    include_risky: z.boolean(),
    complaint_threshold: z.string(),
  })
  .transform(({ bounce_threshold, include_risky, complaint_threshold, ...values }) => ({
    ...values,
    emails_limit: asNumber(values.emails_limit),
    min_email_gap: asNumber(values.min_email_gap),
    max_email_gap: asNumber(values.max_email_gap),
    max_new_leads: asNumber(values.max_new_leads),
    // Always sent (an empty threshold is 0, which the range refuses): the form saves what it
    // shows; written as optional fields because the schema has them so (left out, kept).
    ...(bounce_threshold === undefined ? {} : { bounce_threshold: Number(bounce_threshold) }),
    ...(include_risky === undefined ? {} : { include_risky }),
    // Empty is no number (refused), not 0, which the range allows.
    ...(complaint_threshold === undefined
      ? {}
      : {
          complaint_threshold:
            complaint_threshold === '' ? Number.NaN : Number(complaint_threshold),
        }),
  }))
  .pipe(campaignSettingsSchema);

export type SettingsFormValues = z.input<typeof settingsFormSchema>;

// The fields that can fail, top to bottom as the screen shows them: the first with an error
// is the one scrolled to.
export const settingsFieldOrder = ['mailbox_ids', ...numberFields] as const;

export const settingsFieldId = (name: string) => `campaign-settings-${name}`;

// Numbers default to 0 (product-spec §5).
export function settingsFormDefaults(campaign: CampaignAnswer): SettingsFormValues {
  const { settings } = campaign;
  return {
    mailbox_ids: campaign.mailbox_ids,
    stop_after_reply: settings.stop_after_reply,
    track_email: settings.track_email,
    link_tracking: settings.link_tracking,
    send_as_text: settings.send_as_text,
    emails_limit: String(settings.emails_limit),
    min_email_gap: String(settings.min_email_gap),
    max_email_gap: String(settings.max_email_gap),
    max_new_leads: String(settings.max_new_leads),
    new_leads_first: settings.new_leads_first,
    bounce_threshold: String(settings.bounce_threshold),
    include_risky: settings.include_risky,
    complaint_threshold: String(settings.complaint_threshold),
  };
}
