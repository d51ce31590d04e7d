import { z } from 'zod';
import { variantLetters } from './mail.ts';

// Campaign analytics, overall (GET /mail/analytics) and per campaign
// (GET /mail/campaigns/{id}/analytics). Every figure counts rows, each on the UTC day of its
// own event, within from..to (both inclusive):
// - sent: sends the mail server answered for good (status sent or bounced), on the day of sending;
// - bounced: of those, refused at sending or reported back by a bounce report;
// - delivered: sent − bounced;
// - complained: of the sent, those a spam complaint (an RFC 5965 feedback report read by the
//   Unibox) was about, on the day of sending, as the complaint protection counts them;
// - contacted: distinct contacts with at least one send counted in `sent`;
// - replied: distinct contacts whose first real reply (not an auto-reply) falls in the range;
// - unsubscribed: distinct contacts who unsubscribed from the campaign in the range;
// - clicked: distinct sends with at least one tracked click, on the day of the first click.
// Rates are fractions (0..1) and 0 when the denominator is 0: delivery, bounce and complaint over sent,
// reply and unsubscribe over contacted, click over delivered.

export const ANALYTICS_DEFAULT_DAYS = 30;
export const ANALYTICS_MAX_DAYS = 366;

// Ours (the spec leaves the analytics query to us): the server's 400s and the web's range form.
export const analyticsMessages = {
  invalidDay: 'Use the YYYY-MM-DD format.',
  startAfterEnd: 'The start date must not be after the end date.',
  rangeTooLong: `The date range must not be longer than ${ANALYTICS_MAX_DAYS} days.`,
} as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, analyticsMessages.invalidDay);

export const analyticsQuerySchema = z
  .object({
    // Defaults: the last ANALYTICS_DEFAULT_DAYS days up to today (UTC).
    from: day.optional(),
    to: day.optional(),
    // Overall analytics only: narrow to one campaign.
    campaign_id: z.string().optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: analyticsMessages.startAfterEnd,
    path: ['from'],
  });
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

export const analyticsCountsSchema = z.object({
  sent: z.number().int(),
  delivered: z.number().int(),
  bounced: z.number().int(),
  contacted: z.number().int(),
  replied: z.number().int(),
  unsubscribed: z.number().int(),
  clicked: z.number().int(),
  complained: z.number().int(),
});
export type AnalyticsCounts = z.infer<typeof analyticsCountsSchema>;

export const analyticsRatesSchema = z.object({
  delivery: z.number(),
  bounce: z.number(),
  reply: z.number(),
  unsubscribe: z.number(),
  click: z.number(),
  complaint: z.number(),
});
export type AnalyticsRates = z.infer<typeof analyticsRatesSchema>;

// One entry per day of the range, days without activity included (all zero).
export const analyticsDaySchema = analyticsCountsSchema.extend({ date: z.string() });
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

const rangeFields = { from: z.string(), to: z.string() };

export const campaignAnalyticsSchema = z.object({
  ...rangeFields,
  campaign: z.object({ id: z.string(), name: z.string(), status: z.string() }),
  totals: analyticsCountsSchema,
  rates: analyticsRatesSchema,
  per_day: z.array(analyticsDaySchema),
  // One entry per step of the sequence (1-based); a reply, click or unsubscribe counts for the
  // step of the send it answers.
  // A step with A/B variants (issue 25) also has one entry per variant, A first, each send
  // (and what answers it) counted for the variant the contact got.
  per_step: z.array(
    analyticsCountsSchema.extend({
      step: z.number().int(),
      subject: z.string(),
      variants: z
        .array(
          analyticsCountsSchema.extend({ variant: z.enum(variantLetters), subject: z.string() }),
        )
        .optional(),
    }),
  ),
});
export type CampaignAnalytics = z.infer<typeof campaignAnalyticsSchema>;

export const overallAnalyticsSchema = z.object({
  ...rangeFields,
  totals: analyticsCountsSchema,
  rates: analyticsRatesSchema,
  per_day: z.array(analyticsDaySchema),
  // Every campaign of the user (or the one asked for), newest first.
  per_campaign: z.array(
    analyticsCountsSchema.extend({ id: z.string(), name: z.string(), status: z.string() }),
  ),
});
export type OverallAnalytics = z.infer<typeof overallAnalyticsSchema>;
