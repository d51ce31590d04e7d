import { z } from 'zod';
import { emailSchema } from './auth.ts';
import {
  BOUNCE_THRESHOLD_DEFAULT,
  bounceMessages,
  COMPLAINT_THRESHOLD_DEFAULT,
  COMPLAINT_THRESHOLD_MAX,
  complaintMessages,
} from './bounce-protection.ts';
import {
  CAMPAIGN_SCHEDULES_MAX,
  CAMPAIGN_STEPS_MAX,
  COLUMN_NAME_MAX,
  EMAILS_LIMIT_MAX,
  LIST_NAME_MAX,
  NOTE_MAX,
  STEP_VARIANTS_MAX,
} from './constants.ts';
import { firstIssue, missingOnly } from './first-issue.ts';
import { healthStateSchema } from './mailbox-health.ts';
import { validationMessages as m } from './messages.ts';
import { spintaxProblem } from './spintax.ts';

// Required text: trimmed, then non-empty and at most `max` characters.
const requiredText = (max: number) =>
  z.string(missingOnly(m.required)).trim().min(1, m.required).max(max, m.maxLength(max));

const optionalText = (max: number) => z.string().trim().max(max, m.maxLength(max)).default('');

const portSchema = z.coerce
  .number(missingOnly(m.required))
  .int(m.invalidPort)
  .min(1, m.invalidPort)
  .max(65_535, m.invalidPort);

// Fields the spec sets a limit on without a size: a wide bound so the database stays sane.
const HOST_MAX = 255;
const TEXT_MAX = 10_000;
// A Unibox reply or forward: room for a pasted, formatted letter, far below what mail servers take.
const REPLY_BODY_MAX = 100_000;

// product-spec §5 Mailbox: name ≤30, description ≤50, password and both servers required.
export const mailboxFormSchema = z
  .object({
    email: emailSchema,
    name: optionalText(30),
    description: optionalText(50),
    password: z.string(missingOnly(m.required)).min(1, m.required),
    smtp_host: requiredText(HOST_MAX),
    smtp_port: portSchema,
    imap_host: requiredText(HOST_MAX),
    imap_port: portSchema,
  })
  .strict();
export type MailboxForm = z.input<typeof mailboxFormSchema>;
export type MailboxPayload = z.output<typeof mailboxFormSchema>;

const wholeNumber = z.number(missingOnly(m.required)).int(m.wholeNumber).min(0, m.wholeNumber);

// product-spec §5 Settings form numbers: at most 4 digits, required, 0 by default.
const settingsNumber = wholeNumber.max(9999, m.numberMaxDigits);

const maxAboveMin = <T extends { min_email_gap: number; max_email_gap: number }>(value: T) =>
  value.max_email_gap > value.min_email_gap;

// product-spec §5 Sending limits (per mailbox).
export const sendingLimitsSchema = z
  .object({
    emails_limit: z
      .number(missingOnly(m.required))
      .int(m.wholeNumber)
      .min(1, m.emailsLimitMin)
      .max(EMAILS_LIMIT_MAX, m.emailsLimitMax),
    min_email_gap: wholeNumber,
    max_email_gap: wholeNumber,
    // Ramp-up on or off (issue 25); absent leaves it as it is. Turned on, it starts again.
    ramp_up: z.boolean().optional(),
  })
  .strict()
  .refine(maxAboveMin, { error: m.maxGapAboveMin, path: ['max_email_gap'] });
export type SendingLimits = z.infer<typeof sendingLimitsSchema>;

// product-spec §5: list and contact names are trimmed with inner whitespace collapsed.
export const listNameSchema = z
  .string(missingOnly(m.required))
  .overwrite((value) => value.trim().replace(/\s+/g, ' '))
  .min(1, m.required)
  .max(LIST_NAME_MAX, m.maxLength(LIST_NAME_MAX));

export const listNameFormSchema = z.object({ name: listNameSchema }).strict();
export type ListNameForm = z.infer<typeof listNameFormSchema>;

export const columnNameSchema = requiredText(COLUMN_NAME_MAX);

export const campaignNameSchema = requiredText(50);

export const campaignStatusSchema = z.enum(['active', 'paused']);
export type CampaignStatus = z.infer<typeof campaignStatusSchema>;

// api-spec §4: new campaigns are created paused.
export const campaignCreateSchema = z
  .object({
    name: campaignNameSchema,
    status: campaignStatusSchema.default('paused'),
  })
  .strict();
export type CampaignCreatePayload = z.output<typeof campaignCreateSchema>;

const contactField = (max: number) =>
  z.string(missingOnly(m.required)).trim().min(1, m.required).max(max, m.maxLength(max));

// product-spec §5 Contact: e-mail, first and last name required, at most 50 each.
export const contactSchema = z
  .object({
    email: emailSchema.pipe(z.string().max(50, m.maxLength(50))),
    fname: contactField(50),
    lname: contactField(50),
  })
  .strict();
export type Contact = z.infer<typeof contactSchema>;

export const customColumnValueSchema = z.string().trim().max(50, m.maxLength(50));

// product-spec §3 Template variables: first name, last name, e-mail and unsubscribe link.
export const TEMPLATE_VARIABLES = [
  '{{first_name}}',
  '{{last_name}}',
  '{{email}}',
  '{{unsubscribe_link}}',
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];

// Anything in double braces must be a known variable; a "{{" never closed is a broken one. Read
// as the spintax parser reads braces: "{{" starts a variable unless a third brace follows
// (`{{{first_name}}|Hi}`: a group holding a variable), and a "}}" outside a variable closes
// nested spintax groups (`{Hi|{Hello|Hey}}`), whose balance spintaxProblem judges. Linear.
export function hasOnlyKnownVariables(text: string): boolean {
  let open = text.indexOf('{{');
  while (open >= 0) {
    if (text[open + 2] === '{') {
      open = text.indexOf('{{', open + 1);
      continue;
    }
    const close = text.indexOf('}}', open + 2);
    if (close < 0) return false;
    if (!(TEMPLATE_VARIABLES as readonly string[]).includes(text.slice(open, close + 2))) {
      return false;
    }
    open = text.indexOf('{{', close + 2);
  }
  return true;
}

// The visible text of an editor's HTML: "<p><br></p>" is an empty body. A tag ends before the
// next '<', so each character is read once (a '<' alone is text, as in "I <3 you").
export function htmlToText(html: string): string {
  return html
    .replace(/<[^<>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

// A body with at least one tag is HTML; anything else is text written before bodies were HTML
// (or a text-only message body).
export function isHtmlBody(body: string): boolean {
  return /<\/?[a-z][a-z0-9]*(?:\s[^<>]*)?\/?>/i.test(body);
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
};

// A body as HTML: text gets one <p> per paragraph (blank lines between) and <br> for a single
// line break; HTML is kept as it is.
export function bodyToHtml(body: string): string {
  if (isHtmlBody(body)) return body;
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map(
      (paragraph) =>
        `<p>${paragraph.replace(/[&<>"]/g, (char) => htmlEscapes[char] ?? char).replace(/\n/g, '<br>')}</p>`,
    )
    .join('');
}

// Every spintax group closed (issue 25), said in words.
const checkSpintax = (text: string, context: z.RefinementCtx) => {
  const problem = spintaxProblem(text);
  if (problem) context.addIssue({ code: 'custom', message: problem });
};

const stepSubjectSchema = requiredText(50)
  .refine(hasOnlyKnownVariables, m.subjectInvalidVariables)
  .superRefine(checkSpintax);
// A body the editor wrote: at most `max` characters, checked first (zod runs later checks after
// a failed one unless it aborts), and some visible text.
const editorBodySchema = (max: number) =>
  z
    .string(missingOnly(m.required))
    .max(max, { error: m.maxLength(max), abort: true })
    .refine((body) => htmlToText(body) !== '', m.required);

const stepBodySchema = editorBodySchema(TEXT_MAX)
  .refine(hasOnlyKnownVariables, m.bodyInvalidVariables)
  .superRefine(checkSpintax);

// One A/B variant of a step (issue 25): a subject and a body, checked as the step's own.
export const stepVariantSchema = z.object({ subject: stepSubjectSchema, body: stepBodySchema });
export type StepVariant = z.output<typeof stepVariantSchema>;

// product-spec §5 Campaign steps. The step's own subject and body are its variant A, so a step
// saved before variants (or by a client that knows none) is a step with one variant; `variants`
// holds B to D.
export const campaignStepSchema = z.object({
  subject: stepSubjectSchema,
  body: stepBodySchema,
  variants: z
    .array(stepVariantSchema)
    .max(STEP_VARIANTS_MAX - 1, m.stepVariantsMax)
    .optional(),
  // Days after the previous step, typed in the same four-digit box as the settings' numbers.
  email_gap: settingsNumber.default(0),
});
export type CampaignStep = z.output<typeof campaignStepSchema>;

export const campaignStepsSchema = z
  .array(campaignStepSchema)
  .max(CAMPAIGN_STEPS_MAX, m.campaignStepsMax);

export const noteSchema = z.object({ text: requiredText(NOTE_MAX) }).strict();
export type Note = z.infer<typeof noteSchema>;

export const replySchema = z
  .object({
    subject: requiredText(255),
    body: editorBodySchema(REPLY_BODY_MAX),
  })
  .strict();
export type ReplyPayload = z.infer<typeof replySchema>;

export const forwardSchema = z
  .object({
    subject: requiredText(255),
    body: editorBodySchema(REPLY_BODY_MAX),
    recipients: z.array(emailSchema, { error: m.recipientRequired }).min(1, m.recipientRequired),
  })
  .strict();
export type ForwardPayload = z.infer<typeof forwardSchema>;

export const otherFeatureSchema = z.object({ reason: optionalText(200) }).strict();
export type OtherFeaturePayload = z.output<typeof otherFeatureSchema>;

export const WEEK_DAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export const weekDaySchema = z.enum(WEEK_DAYS);
export type WeekDay = z.infer<typeof weekDaySchema>;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const requiredString = z.string(missingOnly(m.required)).trim().min(1, firstIssue(m.required));

// 24-hour "HH:MM"; zero-padded, so two valid times compare as strings.
const timeSchema = requiredString.regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, firstIssue(m.invalidTime));
// "YYYY-MM-DD"; also compares as a string.
const dateSchema = requiredString.pipe(z.iso.date({ error: m.invalidDate }));

// product-spec §5 Schedule.
export const scheduleSchema = z
  .object({
    name: requiredText(30),
    timezone: requiredString.refine(isTimeZone, firstIssue(m.invalidTimezone)),
    start_time: timeSchema,
    end_time: timeSchema,
    start_date: dateSchema,
    end_date: dateSchema.nullable().optional(),
    days: z
      .array(weekDaySchema, { error: m.scheduleDaysRequired })
      .min(1, m.scheduleDaysRequired)
      .refine((days) => new Set(days).size === days.length, 'Each day may appear once'),
  })
  .strict()
  .refine((s) => !s.end_date || s.end_date >= s.start_date, {
    error: m.scheduleEndDateBeforeStart,
    path: ['end_date'],
  })
  .refine((s) => s.end_date !== s.start_date || s.end_time > s.start_time, {
    error: m.scheduleTimeOrder,
    path: ['end_time'],
  });
export type Schedule = z.infer<typeof scheduleSchema>;

export const campaignSchedulesSchema = z
  .array(scheduleSchema)
  .max(CAMPAIGN_SCHEDULES_MAX, m.campaignSchedulesMax);

// product-spec §3 Campaign settings form and §5 Campaign sending settings.
export const campaignSettingsSchema = z
  .object({
    mailbox_ids: z.array(z.string(), { error: m.selectMailbox }).min(1, m.selectMailbox),
    stop_after_reply: z.boolean(),
    track_email: z.boolean(),
    link_tracking: z.boolean(),
    send_as_text: z.boolean(),
    // 0 means the mailbox's own limit applies (api-spec §9).
    emails_limit: settingsNumber.max(EMAILS_LIMIT_MAX, m.emailsLimitMax),
    min_email_gap: settingsNumber,
    max_email_gap: settingsNumber,
    max_new_leads: settingsNumber,
    new_leads_first: z.boolean(),
    // Bounce protection (issue 25): the campaign pauses itself above this bounce rate.
    bounce_threshold: z
      .number({ error: bounceMessages.thresholdRange })
      .int(bounceMessages.thresholdRange)
      .min(1, bounceMessages.thresholdRange)
      .max(100, bounceMessages.thresholdRange)
      // The three protection fields are ours, not api-spec §3's: a caller that leaves one out
      // (scripts, older clients sending the spec's fields) keeps the campaign's stored value.
      .optional(),
    // Bounce protection (issue 25): send to addresses verified accept_all or unknown too.
    include_risky: z.boolean().optional(),
    // Complaint protection: the campaign pauses itself above this spam-complaint rate.
    complaint_threshold: z
      .number({ error: complaintMessages.thresholdRange })
      .min(0, complaintMessages.thresholdRange)
      .max(COMPLAINT_THRESHOLD_MAX, complaintMessages.thresholdRange)
      // Tenths only: the reason names the limit as the user wrote it, and the guard compares
      // whole tenths (sender/bounce-guard.ts).
      .refine(
        (value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9,
        complaintMessages.thresholdRange,
      )
      .optional(),
  })
  .strict()
  // Both gaps 0 (a new campaign's defaults) mean the mailboxes' own gaps apply, as
  // emails_limit 0 does; otherwise max above min.
  .refine((s) => (s.min_email_gap === 0 && s.max_email_gap === 0) || maxAboveMin(s), {
    error: m.maxGapAboveMin,
    path: ['max_email_gap'],
  })
  // Plain-text mail cannot carry a tracking pixel or rewritten links (product-spec §4).
  .overwrite((settings) =>
    settings.send_as_text ? { ...settings, track_email: false, link_tracking: false } : settings,
  );
export type CampaignSettings = z.infer<typeof campaignSettingsSchema>;

export const campaignSettingsDefaults: CampaignSettings = {
  mailbox_ids: [],
  stop_after_reply: false,
  track_email: false,
  link_tracking: false,
  send_as_text: false,
  emails_limit: 0,
  min_email_gap: 0,
  max_email_gap: 0,
  max_new_leads: 0,
  new_leads_first: false,
  bounce_threshold: BOUNCE_THRESHOLD_DEFAULT,
  include_risky: false,
  complaint_threshold: COMPLAINT_THRESHOLD_DEFAULT,
};

// api-spec §3 Contact creation: items of email, fname, lname; the answer (contactCreateResultSchema)
// lists their ids.
export const contactCreateItemsSchema = z.array(contactSchema).min(1);

// product-spec §3 Contact list (group) and the list answer.
export const contactListSchema = z.object({
  id: z.union([z.string(), z.number()]),
  name: z.string(),
  campaign_id: z.union([z.string(), z.number()]).nullable(),
  campaign_name: z.string().nullable(),
  customer_count: z.number().int().nonnegative(),
  created: z.string(),
});
export type ContactList = z.infer<typeof contactListSchema>;

export const contactListPageSchema = z.object({
  groups: z.array(contactListSchema),
  page: z.number().int(),
  pages: z.number().int(),
  per_page: z.number().int(),
  total_count: z.number().int(),
});
export type ContactListPage = z.infer<typeof contactListPageSchema>;

// Mail service answers (api-spec §7 "Contacts (mail service API)", "Mailboxes", "Campaigns and
// mail"): contacts, lists, custom fields, tags, mailboxes, campaigns and templates.
const pageFields = {
  page: z.number().int(),
  pages: z.number().int(),
  per_page: z.number().int(),
  total_count: z.number().int(),
};

export const customerNoteSchema = z.object({
  id: z.string(),
  text: z.string(),
  created: z.string(),
});
export type CustomerNote = z.infer<typeof customerNoteSchema>;

// What we know of a contact's address: the score of the user's latest single search, or bulk
// search they paid for, that found it ('verified' from VERIFIED_SCORE, 'possible' below), else
// 'unverified' (typed or imported, never checked, or only found in a result not bought).
export const contactVerificationStatuses = ['verified', 'possible', 'unverified'] as const;
export const contactVerificationSchema = z.object({
  status: z.enum(contactVerificationStatuses),
  score: z.number().int().nullable(),
});
export type ContactVerification = z.infer<typeof contactVerificationSchema>;

export const customerAnswerSchema = z.object({
  id: z.string(),
  email: z.string(),
  fname: z.string(),
  lname: z.string(),
  additional_fields: z.record(z.string(), z.string()),
  tags: z.array(z.string()),
  notes: z.array(customerNoteSchema),
  created: z.string(),
  verification: contactVerificationSchema,
  // On the do-not-email list, itself or by its domain: no campaign writes to it (issue 25).
  suppressed: z.boolean(),
  // Why a campaign leaves the contact out by the latest verdict on its address (issue 25,
  // verdictSkipReason); in a list, by its campaign's 'Include risky addresses'. Null: sent.
  skipped: z.string().nullable(),
});
export type CustomerAnswer = z.infer<typeof customerAnswerSchema>;

export const customerPageSchema = z.object({
  customers: z.array(customerAnswerSchema),
  ...pageFields,
});
export type CustomerPage = z.infer<typeof customerPageSchema>;

export const contactListExtendedSchema = z.object({
  group: contactListSchema,
  columns: z.array(z.string()),
  customers: z.array(customerAnswerSchema),
  ...pageFields,
});
export type ContactListExtended = z.infer<typeof contactListExtendedSchema>;

// PATCH /customers/{id}: any of the contact's fields; an empty custom value removes it.
export const customerUpdateSchema = z
  .object({
    email: contactSchema.shape.email.optional(),
    fname: contactField(50).optional(),
    lname: contactField(50).optional(),
    additional_fields: z.record(columnNameSchema, customColumnValueSchema).optional(),
  })
  .strict();
export type CustomerUpdate = z.infer<typeof customerUpdateSchema>;

// POST /customers/create-or-update (api-spec §7 "Contacts (mail service API)"): rows of email,
// fname, lname and any custom columns by name, into the list `group_id` when given.
const upsertCell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const createOrUpdateBodySchema = z
  .object({
    customers: z.array(z.record(z.string(), upsertCell)).max(100_000),
    group_id: z.string().optional(),
  })
  .strict();
export type CreateOrUpdateBody = z.infer<typeof createOrUpdateBodySchema>;
// One row as the screens build it: the three contact fields, then custom columns by name.
export type ContactRow = { email: string; fname: string; lname: string } & Record<string, string>;

// Streamed create-or-update: a progress message per batch, then EOF with the operation id.
export const contactCreateProgressSchema = z.object({
  progress: z.number().int(),
  total: z.number().int(),
});
export const contactCreateEndSchema = z.object({
  EOF: z.literal(true),
  id: z.string(),
  // Rows left out: no valid e-mail, neither name, or a value over 50 characters.
  skipped: z.number().int(),
});
// A refused or failed upsert ends the stream with an `error` event carrying this.
export const contactCreateErrorSchema = z.object({ error: z.string() });
export const contactCreateResultSchema = z.object({
  data: z.array(
    z.object({ id: z.string(), email: z.string(), fname: z.string(), lname: z.string() }),
  ),
  skipped: z.number().int(),
});

// POST /customers/copy: how many contacts the target list gained.
export const contactCopyAnswerSchema = z.object({ copied: z.number().int() });
export type ContactCopyAnswer = z.infer<typeof contactCopyAnswerSchema>;

export const additionalFieldSchema = z.object({ id: z.string(), name: z.string() });
export const tagSchema = z.object({ id: z.string(), name: z.string() });
export const TAG_MAX = 50;
export const customerTagsSchema = z
  .object({ tags: z.array(requiredText(TAG_MAX)).max(100) })
  .strict();

export const mailboxAnswerSchema = z.object({
  id: z.string(),
  status: z.enum(['active', 'error']),
  status_message: z.string().nullable(),
  email: z.string(),
  name: z.string(),
  description: z.string(),
  smtp_host: z.string(),
  smtp_port: z.number().int(),
  imap_host: z.string(),
  imap_port: z.number().int(),
  emails_limit: z.number().int(),
  min_email_gap: z.number().int(),
  max_email_gap: z.number().int(),
  created: z.string(),
  // The sender-domain health's overall state, null before its first check (issue 25).
  health: healthStateSchema.nullable(),
  // When the ramp-up started; null when it is off.
  ramp_started: z.string().nullable(),
  // Why bounce or complaint protection paused the mailbox's campaign sends until the user
  // resumes it (POST /api/mail/mailboxes/{id}/resume); null while it sends. Its inbox is
  // still read and the Unibox still answers from it.
  sending_paused_reason: z.string().nullable(),
});
export type MailboxAnswer = z.infer<typeof mailboxAnswerSchema>;

export const mailboxPageSchema = z.object({
  mailboxes: z.array(mailboxAnswerSchema),
  ...pageFields,
});
export type MailboxPage = z.infer<typeof mailboxPageSchema>;

export const mailboxDetailsSchema = mailboxFormSchema.pick({ name: true, description: true });
export type MailboxDetails = z.output<typeof mailboxDetailsSchema>;

// The connection form of an existing mailbox: an empty password keeps the stored one.
export const mailboxConnectionSchema = mailboxFormSchema
  .omit({ name: true, description: true })
  .extend({ password: z.string().optional() });
export type MailboxConnection = z.output<typeof mailboxConnectionSchema>;

// A campaign that sends from a mailbox, for the mailbox's delete confirmation.
// left_without_mailbox: no other active mailbox is assigned to it, so deleting this mailbox
// pauses it if it is active (product-spec §4: ready only with an active assigned mailbox).
export const mailboxCampaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: campaignStatusSchema,
  left_without_mailbox: z.boolean(),
});
export type MailboxCampaign = z.infer<typeof mailboxCampaignSchema>;

export const mailboxCampaignsSchema = z.object({ campaigns: z.array(mailboxCampaignSchema) });
export type MailboxCampaigns = z.infer<typeof mailboxCampaignsSchema>;

// What a campaign lacks before it may start (product-spec §5: ready with a contact list, a
// schedule, steps and an active mailbox). mailbox_paused: its active mailboxes all have their
// sending paused by bounce or complaint protection (issue 25), so it would send nothing.
export const campaignMissingParts = [
  'contacts',
  'schedule',
  'sequences',
  'mailbox',
  'mailbox_paused',
] as const;
export type CampaignMissingPart = (typeof campaignMissingParts)[number];

// A schedule and a step as saved (checked by scheduleSchema and campaignStepSchema on the way in).
export const campaignScheduleAnswerSchema = z.object({
  name: z.string(),
  timezone: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable().optional(),
  days: z.array(weekDaySchema),
});
export type CampaignScheduleAnswer = z.infer<typeof campaignScheduleAnswerSchema>;

export const campaignStepAnswerSchema = z.object({
  subject: z.string(),
  body: z.string(),
  // Variants B to D (issue 25); absent on a step with only its own subject and body.
  variants: z.array(z.object({ subject: z.string(), body: z.string() })).optional(),
  email_gap: z.number().int(),
});
export type CampaignStepAnswer = z.infer<typeof campaignStepAnswerSchema>;

export const variantLetters = ['A', 'B', 'C', 'D'] as const;

// A step's variants in order, A (the step's own subject and body) first.
export function stepVariants(
  step: Pick<CampaignStepAnswer, 'subject' | 'body' | 'variants'>,
): { subject: string; body: string }[] {
  return [{ subject: step.subject, body: step.body }, ...(step.variants ?? [])];
}

// The variant a send recorded (0 is A); one since removed from the step goes out as A.
export function stepVariant(
  step: Pick<CampaignStepAnswer, 'subject' | 'body' | 'variants'>,
  variant: number,
): { subject: string; body: string } {
  const variants = stepVariants(step);
  return variants[variant] ?? (variants[0] as { subject: string; body: string });
}

// The campaign's sending settings (campaignSettingsSchema without the mailboxes, which the
// answer carries apart as mailbox_ids).
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
  bounce_threshold: z.number().int(),
  include_risky: z.boolean(),
  complaint_threshold: z.number(),
});
export type CampaignSettingsAnswer = z.infer<typeof campaignSettingsAnswerSchema>;

// The campaign as every campaign call answers it.
export const campaignAnswerSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: campaignStatusSchema,
  // Why the campaign paused itself (bounce or complaint protection); null when the user paused
  // it.
  paused_reason: z.string().nullable(),
  customer_group_id: z.string().nullable(),
  customer_group_name: z.string().nullable(),
  schedules: z.array(campaignScheduleAnswerSchema),
  steps: z.array(campaignStepAnswerSchema),
  mailbox_ids: z.array(z.string()),
  settings: campaignSettingsAnswerSchema,
  ready: z.boolean(),
  missing: z.array(z.enum(campaignMissingParts)),
  ended: z.boolean(),
  // The list has contacts and none of them can get another e-mail: each had every step, or
  // replied (with stop after reply), unsubscribed, bounced, is on the do-not-email list or is
  // left out by its address's verdict (campaignMessages.nothingLeft).
  nothing_left: z.boolean(),
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
  ...pageFields,
});
export type CampaignPage = z.infer<typeof campaignPageSchema>;

export const emailTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  body: z.string(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const mailboxMessages = {
  hostNotAllowed: 'This mail server address is not allowed.',
  tooManyChecks: (perHour: number) => `Too many mailbox checks: at most ${perHour} an hour.`,
} as const;
