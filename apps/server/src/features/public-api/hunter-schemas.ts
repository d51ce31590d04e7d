import {
  addressTypes,
  DOMAIN_SEARCH_INPUT_MAX,
  domainSearchMessages,
  emailSchema,
  isDomainLike,
  verdictSchema,
  verifyStatusSchema,
} from '@mailhound/contracts';
import { z } from 'zod';
import {
  departmentsOf,
  hunterDepartments,
  hunterSeniorities,
  senioritiesOf,
} from './hunter-vocabulary.ts';

// The parameters and answers of the `/v2` calls, after Hunter's API v2 documentation, field by
// field. What we do not know is null or [] (never made up); fields Hunter lacks are ours and
// named as in the rest of Mailhound (the verifier's checks).

const companyInput = z.string().trim().max(DOMAIN_SEARCH_INPUT_MAX);
const domainInput = companyInput.refine(
  (value) => value === '' || isDomainLike(value),
  domainSearchMessages.invalidDomain,
);
// Every call also takes the key as `api_key` (or a header); listed so the document shows it.
const apiKey = z.string().optional();

const needsDomainOrCompany = 'You are missing the domain or company parameter';

function requireDomainOrCompany(ctx: {
  value: { domain?: string | undefined; company?: string | undefined };
  issues: z.core.$ZodRawIssue[];
}) {
  if (!ctx.value.domain && !ctx.value.company) {
    ctx.issues.push({ code: 'custom', message: needsDomainOrCompany, input: ctx.value });
  }
}

export const emailFinderQuerySchema = z
  .object({
    domain: domainInput.optional(),
    company: companyInput.optional(),
    first_name: z.string().trim().max(50).optional(),
    last_name: z.string().trim().max(50).optional(),
    full_name: z.string().trim().max(101).optional(),
    // Seconds the search may take; Hunter's range.
    max_duration: z.coerce.number().int().min(3).max(20).optional(),
    api_key: apiKey,
  })
  .check((ctx) => {
    requireDomainOrCompany(ctx);
    const { first_name, last_name, full_name } = ctx.value;
    if (!(first_name && last_name) && !full_name) {
      ctx.issues.push({
        code: 'custom',
        message: 'You are missing the first_name and last_name parameters, or full_name',
        input: ctx.value,
      });
    }
  });
export type EmailFinderQuery = z.infer<typeof emailFinderQuerySchema>;

export const emailVerifierQuerySchema = z.object({ email: emailSchema, api_key: apiKey });

// Comma-separated ids, Hunter's or ours (hunter-vocabulary.ts); words we do not know are left
// out, as Hunter does, and a list of none of ours is refused.
function idList(name: string, idsOf: (list: string) => unknown, vocabulary: object) {
  const message = `${name} must be one of: ${Object.keys(vocabulary).join(', ')} (or Mailhound's ids), comma-separated`;
  return z
    .string()
    .trim()
    .max(500)
    .refine((list) => idsOf(list) !== undefined, message)
    .optional();
}

export const DOMAIN_SEARCH_LIMIT_MAX = 100;
export const DOMAIN_SEARCH_OFFSET_MAX = 10_000;

export const domainSearchQuerySchema = z
  .object({
    domain: domainInput.optional(),
    company: companyInput.optional(),
    limit: z.coerce.number().int().min(1).max(DOMAIN_SEARCH_LIMIT_MAX).default(10),
    offset: z.coerce.number().int().min(0).max(DOMAIN_SEARCH_OFFSET_MAX).default(0),
    type: z.enum(addressTypes).optional(),
    seniority: idList('seniority', senioritiesOf, hunterSeniorities),
    department: idList('department', departmentsOf, hunterDepartments),
    api_key: apiKey,
  })
  .check(requireDomainOrCompany);
export type V2DomainSearchQuery = z.infer<typeof domainSearchQuerySchema>;

export const emailCountQuerySchema = z
  .object({
    domain: domainInput.optional(),
    company: companyInput.optional(),
    type: z.enum(addressTypes).optional(),
    api_key: apiKey,
  })
  .check(requireDomainOrCompany);
export type EmailCountQuery = z.infer<typeof emailCountQuerySchema>;

export const accountQuerySchema = z.object({ api_key: apiKey });

// Where an address was seen on the web: we do not crawl, so the lists are always empty.
const sourceSchema = z.object({
  domain: z.string(),
  uri: z.string(),
  extracted_on: z.string(),
  last_seen_on: z.string(),
  still_on_page: z.boolean(),
});

const verificationSchema = z.object({
  // YYYY-MM-DD of the SMTP check, null when the address was not checked.
  date: z.string().nullable(),
  status: verifyStatusSchema.nullable(),
});

const nullableText = z.string().nullable();

export const emailFinderAnswerSchema = z.object({
  data: z.object({
    first_name: z.string(),
    last_name: z.string(),
    email: nullableText,
    score: z.number().int().nullable(),
    domain: z.string(),
    accept_all: z.boolean().nullable(),
    position: nullableText,
    twitter: nullableText,
    linkedin_url: nullableText,
    phone_number: nullableText,
    company: nullableText,
    sources: z.array(sourceSchema),
    verification: verificationSchema,
  }),
  meta: z.object({
    params: z.object({
      first_name: nullableText,
      last_name: nullableText,
      full_name: nullableText,
      domain: nullableText,
      company: nullableText,
      max_duration: z.number().int().nullable(),
    }),
  }),
});
export type EmailFinderAnswer = z.infer<typeof emailFinderAnswerSchema>;

export const emailVerifierAnswerSchema = z.object({
  // null while the check is still running (202).
  data: verdictSchema
    .extend({
      // Hunter's older summary of the status (deprecated there, still sent).
      result: z.enum(['deliverable', 'undeliverable', 'risky']),
      sources: z.array(sourceSchema),
    })
    .nullable(),
  meta: z.object({ params: z.object({ email: z.string() }) }),
});
export type EmailVerifierAnswer = z.infer<typeof emailVerifierAnswerSchema>;

const domainEmailSchema = z.object({
  // The address the domain's pattern gives: null until this user found it (an email-finder
  // call for the person), as the web's Domain Search masks it.
  value: nullableText,
  type: z.enum(addressTypes),
  confidence: z.number().int().nullable(),
  sources: z.array(sourceSchema),
  first_name: nullableText,
  last_name: nullableText,
  position: nullableText,
  seniority: nullableText,
  department: nullableText,
  linkedin: nullableText,
  twitter: nullableText,
  phone_number: nullableText,
  verification: verificationSchema,
});

export const domainSearchAnswerSchema = z.object({
  data: z.object({
    domain: z.string(),
    disposable: z.boolean(),
    webmail: z.boolean(),
    accept_all: z.boolean().nullable(),
    // Hunter's notation: '{first}.{last}'.
    pattern: nullableText,
    organization: nullableText,
    description: nullableText,
    industry: nullableText,
    twitter: nullableText,
    facebook: nullableText,
    linkedin: nullableText,
    instagram: nullableText,
    youtube: nullableText,
    technologies: z.array(z.string()),
    country: nullableText,
    state: nullableText,
    city: nullableText,
    postal_code: nullableText,
    street: nullableText,
    headcount: nullableText,
    company_type: nullableText,
    emails: z.array(domainEmailSchema),
    linked_domains: z.array(z.string()),
  }),
  meta: z.object({
    results: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
    params: z.object({
      domain: nullableText,
      company: nullableText,
      type: nullableText,
      seniority: nullableText,
      department: nullableText,
    }),
  }),
});
export type DomainSearchV2Answer = z.infer<typeof domainSearchAnswerSchema>;

export const emailCountAnswerSchema = z.object({
  data: z.object({
    total: z.number().int(),
    personal_emails: z.number().int(),
    generic_emails: z.number().int(),
    department: z.record(z.string(), z.number().int()),
    seniority: z.record(z.string(), z.number().int()),
  }),
  meta: z.object({
    params: z.object({ domain: nullableText, company: nullableText, type: nullableText }),
  }),
});
export type EmailCountAnswer = z.infer<typeof emailCountAnswerSchema>;

const usageSchema = z.object({ used: z.number().int(), available: z.number().int().nullable() });

export const accountAnswerSchema = z.object({
  data: z.object({
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    plan_name: z.string(),
    plan_level: z.number().int().nullable(),
    // YYYY-MM-DD: when the period's credits renew.
    reset_date: z.string(),
    team_id: z.number().int().nullable(),
    // One pool of credits pays for searches and verifications: used this period, and
    // available = used + what is left. Hunter's searches and verifications tell the credits
    // each took of it this period; their own `available` is null, the pool being shared.
    requests: z.object({
      credits: usageSchema,
      searches: usageSchema,
      verifications: usageSchema,
    }),
    // `/v2` calls made with any of the account's keys this period.
    calls: usageSchema,
  }),
});
export type AccountAnswer = z.infer<typeof accountAnswerSchema>;

export const v2ErrorSchema = z.object({
  errors: z.array(z.object({ id: z.string(), code: z.number().int(), details: z.string() })),
});
