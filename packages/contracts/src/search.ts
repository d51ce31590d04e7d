import { z } from 'zod';
import {
  GUEST_ID_PREFIX,
  PAGE_SIZE,
  PAGE_SIZE_MAX,
  SCORE_YELLOW_MIN,
  VERIFIED_SCORE,
} from './constants.ts';
import { validationMessages as m } from './messages.ts';
import { verdictSchema } from './verdict.ts';

const COMPANY_MAX = 255;

// A host name of dot-separated labels ending in a letter TLD (or a punycode one), optionally
// with scheme, www., port and a path/query: "acme.com", "https://www.acme.co.uk/about".
const domainPattern =
  /^(?:https?:\/\/)?(?:www\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})\.?(?::\d{1,5})?(?:[/?#]\S*)?$/i;

// product-spec §5: a company value matching a domain pattern is sent as a website.
export function isDomainLike(value: string): boolean {
  return domainPattern.test(value.trim());
}

const companySchema = z
  .string({ error: m.companyRequired })
  .trim()
  .min(1, m.companyRequired)
  .max(COMPANY_MAX, m.maxLength(COMPANY_MAX));

// Names are compared without spaces: "Mary Ann" is searched as "MaryAnn" (product-spec §5).
const searchNameSchema = z
  .string({ error: m.searchNameInvalid })
  .overwrite((value) => value.replace(/\s+/g, ''))
  .min(1, m.searchNameInvalid)
  .max(50, m.searchNameInvalid);

export const singleSearchFormSchema = z.object({
  company: companySchema,
  firstName: searchNameSchema,
  lastName: searchNameSchema,
});
export type SingleSearchForm = z.infer<typeof singleSearchFormSchema>;

// The Example button's person (product-spec §4 "Single search"): a demo company's leader on
// a reserved `.example` domain, whose address the embedded demo mail world verifies (99).
export const singleSearchExample: SingleSearchForm = {
  company: 'ravenmind.example',
  firstName: 'Sakura',
  lastName: 'Smith',
};

export const guestIdSchema = z
  .string()
  .regex(
    new RegExp(
      `^${GUEST_ID_PREFIX}[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`,
      'i',
    ),
    'Invalid guest id',
  );

export const singleSearchBodySchema = z
  .object({
    firstName: searchNameSchema,
    lastName: searchNameSchema,
    companyWebsite: companySchema.refine(isDomainLike, 'Invalid company website').optional(),
    companyName: companySchema.optional(),
    // Guests only: the bot-check token and their guest id (product-spec §5).
    code: z.string().min(1).optional(),
    userId: guestIdSchema.optional(),
  })
  .strict()
  .check((ctx) => {
    const { companyWebsite, companyName } = ctx.value;
    if (companyWebsite === undefined && companyName === undefined) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: ['companyName'],
        message: m.companyRequired,
      });
    } else if (companyWebsite !== undefined && companyName !== undefined) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: ['companyName'],
        message: 'Send either companyWebsite or companyName, not both',
      });
    }
  });
export type SingleSearchBody = z.infer<typeof singleSearchBodySchema>;

export type GuestSearchIdentity = { code: string; userId: string };

export function toSingleSearchBody(
  form: SingleSearchForm,
  guest?: GuestSearchIdentity,
): SingleSearchBody {
  const company = form.company.trim();
  const body: SingleSearchBody = {
    firstName: form.firstName,
    lastName: form.lastName,
    ...(isDomainLike(company) ? { companyWebsite: company } : { companyName: company }),
  };
  return guest ? { ...body, code: guest.code, userId: guest.userId } : body;
}

export type ScoreColor = 'green' | 'yellow' | 'red';

// product-spec §4 Score icon.
export function scoreColor(score: number): ScoreColor {
  if (score >= VERIFIED_SCORE) return 'green';
  if (score >= SCORE_YELLOW_MIN) return 'yellow';
  return 'red';
}

// The result of one single search: the best address and its delivery score, or nothing found.
export const singleSearchResultSchema = z.object({
  exactEmail: z.string().nullable(),
  exactEmailScore: z.number().nullable(),
});
export type SingleSearchResult = z.infer<typeof singleSearchResultSchema>;

// The verdict (issue 22) on a search's exactEmail, shown beside the finder's score: null when
// no address was found or the stored evidence is too old to judge by; absent from older
// answers (a guest's rows kept in the browser).
const foundVerdictSchema = verdictSchema.nullable().optional();

// api-spec §7: the streaming single search (POST /person/sse) sends `progress` events while the
// engine works, then one final event: a data message (no event name), payment_error or error.
export const searchProgressDataSchema = z.object({
  stage: z.enum(['dns', 'smtp', 'scoring']),
  percent: z.number().min(0).max(100),
});
export type SearchProgressData = z.infer<typeof searchProgressDataSchema>;

// What the screens read of the finder's evidence (packages/finder FinderEvidence); lenient, so
// older rows and added fields still show. The answers carry the evidence as stored (a record).
const smtpReplyFields = {
  code: z.number().nullish(),
  enhanced: z.string().nullish(),
  text: z.string().nullish(),
};

export const evidenceSchema = z.object({
  domain: z.string().nullish(),
  mx: z
    .object({
      host: z.string(),
      address: z.string().nullish(),
      tls: z.boolean().nullish(),
    })
    .nullish(),
  implicitMx: z.boolean().nullish(),
  catchAll: z.boolean().nullish(),
  catchAllProbe: z
    .object({ email: z.string(), cached: z.boolean().nullish(), ...smtpReplyFields })
    .nullish(),
  learntPattern: z.string().nullish(),
  pattern: z.string().nullish(),
  candidates: z
    .array(
      z.object({
        email: z.string(),
        pattern: z.string().nullish(),
        status: z.string().nullish(),
        ...smtpReplyFields,
      }),
    )
    .nullish(),
  reason: z.string().nullish(),
  detail: z.string().nullish(),
  timings: z.object({ dnsMs: z.number(), smtpMs: z.number(), totalMs: z.number() }).nullish(),
});
export type Evidence = z.infer<typeof evidenceSchema>;

export const searchFoundDataSchema = singleSearchResultSchema.extend({
  _id: z.string(),
  // The finder's evidence (MX host, SMTP replies, catch-all probe, pattern, timings).
  evidence: z.record(z.string(), z.unknown()).nullable().optional(),
  verdict: foundVerdictSchema,
  charged: z.boolean(),
});
export type SearchFoundData = z.infer<typeof searchFoundDataSchema>;

export const searchPaymentErrorDataSchema = z.object({
  message: z.string(),
  required: z.number().int(),
  available: z.number().int(),
});
export type SearchPaymentErrorData = z.infer<typeof searchPaymentErrorDataSchema>;

export const searchErrorDataSchema = z.object({ _id: z.string().optional(), error: z.string() });
export type SearchErrorData = z.infer<typeof searchErrorDataSchema>;

// The single search's stream as one union of event name and data, written by the server and
// read by the web: `progress` events, then one final event, the result as a plain data message
// (no event name), payment_error or error. A plain union: "no event name" is an absent key,
// which a discriminated union cannot key on and JSON Schema cannot say as `undefined`.
export const singleSearchEventSchema = z.union([
  z.object({ event: z.literal('progress'), data: searchProgressDataSchema }),
  z.object({ event: z.never().optional(), data: searchFoundDataSchema }),
  z.object({ event: z.literal('payment_error'), data: searchPaymentErrorDataSchema }),
  z.object({ event: z.literal('error'), data: searchErrorDataSchema }),
]);
export type SingleSearchEvent = z.infer<typeof singleSearchEventSchema>;

export const singleSearchQuerySchema = z.union([
  z.object({ firstName: z.string(), lastName: z.string(), companyWebsite: z.string() }),
  z.object({ firstName: z.string(), lastName: z.string(), companyName: z.string() }),
]);

// product-spec §3 Single search history item and History page. `isSubmitting` is the web's
// own state of a row still streaming ('slicing...'); the server never sends it.
export const singleSearchHistoryItemSchema = z.object({
  _id: z.string(),
  query: singleSearchQuerySchema,
  result: singleSearchResultSchema.nullable(),
  error: z.string().nullable(),
  evidence: z.record(z.string(), z.unknown()).nullable(),
  verdict: foundVerdictSchema,
  createdAt: z.string(),
});
export type SingleSearchHistoryItem = z.infer<typeof singleSearchHistoryItemSchema>;

export const historyPageSchema = <Item extends z.ZodType>(item: Item) =>
  z.object({
    items: z.array(item),
    currentPage: z.number().int(),
    totalPages: z.number().int(),
    totalItems: z.number().int(),
  });

export const singleSearchHistoryPageSchema = historyPageSchema(singleSearchHistoryItemSchema);
export type SingleSearchHistoryPage = z.infer<typeof singleSearchHistoryPageSchema>;

// api-spec §7: page, perPage (default 10) and, for guests, userId.
export const historyQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE),
  userId: guestIdSchema.optional(),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

// The histories only a signed-in user has (look-alike, bulk): no guest id.
export const userHistoryQuerySchema = historyQuerySchema.omit({ userId: true });
export type UserHistoryQuery = z.infer<typeof userHistoryQuerySchema>;

// api-spec §3 Look-alike search-emails: {requestId}.
export const lookalikeSearchEmailsSchema = z.object({ requestId: z.string().min(1) }).strict();
export type LookalikeSearchEmailsPayload = z.infer<typeof lookalikeSearchEmailsSchema>;

// GET /bot-check/config: the check guests pass before a search, ALTCHA (self-hosted) unless the
// server is configured for Cloudflare Turnstile.
export const botCheckConfigSchema = z.union([
  z.object({ provider: z.literal('altcha') }),
  z.object({ provider: z.literal('turnstile'), siteKey: z.string() }),
]);
export type BotCheckConfig = z.infer<typeof botCheckConfigSchema>;
