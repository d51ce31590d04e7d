import { z } from 'zod';
import { FIND_EMAILS_MAX, PAGE_SIZE, PAGE_SIZE_MAX } from './constants.ts';
import { validationMessages as m } from './messages.ts';
import { isDomainLike } from './search.ts';
import { verdictSchema } from './verdict.ts';

// "https://…", "www.acme.com" or "acme.com" are addresses, not company names.
export function looksLikeUrl(value: string): boolean {
  const trimmed = value.trim();
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) || isDomainLike(trimmed);
}

export const filterCompanyNameSchema = z
  .string()
  .trim()
  .min(2, m.companyNameMin)
  .refine((value) => !looksLikeUrl(value), m.companyNameUrl);

export const jobTitleSchema = z.string().trim().min(2, m.jobTitleMin);

// The bound moves with the calendar: checked when the value is parsed.
const foundedYearSchema = z
  .number()
  .int(m.foundedYearMin)
  .min(1, m.foundedYearMin)
  .refine((year) => year <= new Date().getFullYear(), m.foundedYearMax);

export const foundedYearsSchema = z
  .object({
    from: foundedYearSchema.optional(),
    to: foundedYearSchema.optional(),
  })
  .refine((years) => years.from === undefined || years.to === undefined || years.to >= years.from, {
    error: m.foundedYearOrder,
    path: ['to'],
  });
export type FoundedYears = z.infer<typeof foundedYearsSchema>;

// The Lead Finder's department and seniority ids: the server's job-title classifier sorts
// every person into exactly these.
export const departmentIds = [
  'executive',
  'management',
  'engineering',
  'it',
  'product',
  'design',
  'sales',
  'marketing',
  'finance',
  'hr',
  'legal',
  'media',
  'operations',
  'administrative',
  'support',
  'healthcare',
  'education',
  'research',
  'other',
] as const;
export type DepartmentId = (typeof departmentIds)[number];

export const seniorityIds = [
  'owner',
  'c_level',
  'vp',
  'head',
  'director',
  'manager',
  'senior',
  'entry',
  'intern',
  'other',
] as const;
export type SeniorityId = (typeof seniorityIds)[number];

// Company size filter values (`employees`), inclusive head counts; the last band is open.
export const companySizeBands = [
  { id: '1-10', min: 1, max: 10 },
  { id: '11-50', min: 11, max: 50 },
  { id: '51-200', min: 51, max: 200 },
  { id: '201-500', min: 201, max: 500 },
  { id: '501-1000', min: 501, max: 1000 },
  { id: '1001-5000', min: 1001, max: 5000 },
  { id: '5001-10000', min: 5001, max: 10000 },
  { id: '10001+', min: 10001, max: null },
] as const;

// The size band of a head count: 250 → '201-500'.
export function companySizeBand(employees: number | null): string | null {
  if (employees === null || employees < 1) return null;
  const band = companySizeBands.find((entry) => entry.max === null || employees <= entry.max);
  return band?.id ?? null;
}

// Revenue filter values (USD a year). A company matches a band its revenue range overlaps.
export const revenueBands = [
  { id: '0-1M', min: 0, max: 1_000_000 },
  { id: '1M-10M', min: 1_000_000, max: 10_000_000 },
  { id: '10M-50M', min: 10_000_000, max: 50_000_000 },
  { id: '50M-100M', min: 50_000_000, max: 100_000_000 },
  { id: '100M-500M', min: 100_000_000, max: 500_000_000 },
  { id: '500M-1B', min: 500_000_000, max: 1_000_000_000 },
  { id: '1B-10B', min: 1_000_000_000, max: 10_000_000_000 },
  { id: '10B+', min: 10_000_000_000, max: null },
] as const;

// product-spec §3 Filter search object: years, exclude (locations) and the other filters.
// Locations and exclude are country names; department and seniority are the Lead Finder's.
export const companyFiltersSchema = z
  .object({
    companyName: z.array(filterCompanyNameSchema).optional(),
    industry: z.array(z.string()).optional(),
    locations: z.array(z.string()).optional(),
    exclude: z.array(z.string()).optional(),
    employees: z.array(z.string()).optional(),
    revenue: z.array(z.string()).optional(),
    jobTitle: z.array(jobTitleSchema).optional(),
    years: foundedYearsSchema.optional(),
    department: z.array(z.enum(departmentIds)).optional(),
    seniority: z.array(z.enum(seniorityIds)).optional(),
  })
  .strict();
export type CompanyFilters = z.infer<typeof companyFiltersSchema>;

type FilterKey = keyof CompanyFilters;

const filterKeys = Object.keys(companyFiltersSchema.shape) as FilterKey[];

function isActive(filters: CompanyFilters, key: FilterKey): boolean {
  if (key === 'years') {
    return filters.years?.from !== undefined || filters.years?.to !== undefined;
  }
  return (filters[key]?.length ?? 0) > 0;
}

// product-spec §5 Filter search rules: the message that blocks a search, or null to search.
export function checkFilterSearch(filters: CompanyFilters): string | null {
  const active = filterKeys.filter((key) => isActive(filters, key));
  const others = active.filter((key) => key !== 'years' && key !== 'exclude');
  if (active.length === 0) return m.filterNone;
  if (others.length > 0) return null;
  const years = active.includes('years');
  const exclude = active.includes('exclude');
  if (years && exclude) return m.filterYearsAndExclude;
  return years ? m.filterYearAlone : m.filterExcludeAlone;
}

// Each active filter is one query parameter holding JSON: ?companyName=["Acme"] (product-spec §2).
export function filtersToQuery(filters: CompanyFilters): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of filterKeys) {
    if (isActive(filters, key)) query.set(key, JSON.stringify(filters[key]));
  }
  return query;
}

// Unreadable or invalid parameters are dropped: a hand-edited URL still opens the page.
export function filtersFromQuery(query: URLSearchParams): CompanyFilters {
  const filters: Record<string, unknown> = {};
  for (const key of filterKeys) {
    const raw = query.get(key);
    if (raw === null) continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      continue;
    }
    const parsed = companyFiltersSchema.shape[key].safeParse(value);
    if (parsed.success) filters[key] = parsed.data;
  }
  return companyFiltersSchema.parse(filters);
}

// product-spec §2 Company page: industry ids are underscored, shown as capitalised words.
export function industryLabel(id: string): string {
  return id
    .split('_')
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

export function industryId(label: string): string {
  return label.trim().toLowerCase().split(/\s+/).join('_');
}

// api-spec §3 Company answer (company-info API).
export const companyAnswerSchema = z.object({
  companyName: z.string(),
  website: z.string().nullable(),
  country: z.string().nullable(),
  industry: z.string().nullable(),
  employees: z.string().nullable(),
  foundedYear: z.number().int().nullable(),
  // Two numbers separated by a comma: "1000000,5000000".
  revenue: z.string().nullable(),
  instagramUrl: z.string().nullable(),
  facebookUrl: z.string().nullable(),
  twitterUrl: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  logoUrl: z.string().nullable(),
  // The company page's own address (/company/{slug}) and its About text.
  slug: z.string().optional(),
  description: z.string().nullable().optional(),
});
export type CompanyAnswer = z.infer<typeof companyAnswerSchema>;

export const companyMessages = {
  notFound: 'Company not found',
  noLeadSearches: 'No lead searches left',
} as const;

export const employeeStatsAnswerSchema = z.record(z.string(), z.number().int().nonnegative());
// Key decision makers: e-mail and phone come masked ('j•••@acme.com', '+1 ••• ••• ••12').
export const decisionMakersAnswerSchema = z.array(
  z.object({ jobTitle: z.string(), email: z.string(), phone: z.string().nullable() }),
);
export type DecisionMaker = z.infer<typeof decisionMakersAnswerSchema>[number];
export const similarCompaniesAnswerSchema = z.array(
  z.object({
    companyName: z.string(),
    slug: z.string(),
    website: z.string().nullable(),
    industry: z.string().nullable(),
    country: z.string().nullable(),
  }),
);
export type SimilarCompany = z.infer<typeof similarCompaniesAnswerSchema>[number];

// Company Finder and Lead Finder: the filters' query parameters plus these.
export const filterPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE),
});

// Finder searches count their matches up to this many: a larger total is answered as this
// number ("1,000+", 100 pages of 10), and pages past it are empty. Counting every match of a
// broad filter over millions of people costs far more than the page itself; stopping at
// 1,000 lets PostgreSQL stop early (bench:leads).
export const SEARCH_TOTAL_CAP = 1_000;

export const companySearchItemSchema = companyAnswerSchema.extend({ slug: z.string() });
export type CompanySearchItem = z.infer<typeof companySearchItemSchema>;

export const companySearchAnswerSchema = z.object({
  items: z.array(companySearchItemSchema),
  currentPage: z.number().int(),
  totalPages: z.number().int(),
  totalItems: z.number().int(),
});
export type CompanySearchAnswer = z.infer<typeof companySearchAnswerSchema>;

export const leadItemSchema = z.object({
  id: z.string(),
  fname: z.string().nullable(),
  lname: z.string().nullable(),
  jobTitle: z.string().nullable(),
  department: z.enum(departmentIds),
  seniority: z.enum(seniorityIds),
  location: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
  companyName: z.string(),
  companySlug: z.string(),
  website: z.string(),
});
export type LeadItem = z.infer<typeof leadItemSchema>;

// A Lead Finder search spends one lead search for its filters, all its pages, until the end
// of the day (UTC). `spend=false` (a page opened from an address rather than a click) only
// shows what is already paid for: `paid: false` and no items when the search would spend.
export const leadSearchQuerySchema = filterPageQuerySchema.extend({
  spend: z.stringbool().default(true),
});

export const leadSearchAnswerSchema = companySearchAnswerSchema.extend({
  items: z.array(leadItemSchema),
  leadSearchBalance: z.number().int().nonnegative(),
  paid: z.boolean().default(true),
});
export type LeadSearchAnswer = z.infer<typeof leadSearchAnswerSchema>;

export const findEmailsBodySchema = z
  .object({
    leadIds: z
      .array(z.string().regex(/^\d{1,18}$/))
      .min(1)
      .max(FIND_EMAILS_MAX),
  })
  .strict();
export type FindEmailsBody = z.infer<typeof findEmailsBodySchema>;

export const findEmailsAnswerSchema = z.object({
  items: z.array(
    z.object({
      leadId: z.string(),
      exactEmail: z.string().nullable(),
      exactEmailScore: z.number().int(),
      // The verdict on exactEmail (issue 22); null when none was found.
      verdict: verdictSchema.nullable(),
      error: z.string().nullable(),
    }),
  ),
});
export type FindEmailsAnswer = z.infer<typeof findEmailsAnswerSchema>;

export type RevenueRange = { min: number; max: number };

// "1000000,5000000" → { min: 1000000, max: 5000000 }; anything else has no range to show.
export function parseRevenueRange(revenue: string | null): RevenueRange | null {
  const parts = revenue?.split(',').map((part) => part.trim()) ?? [];
  if (parts.length !== 2 || parts.some((part) => !/^\d+$/.test(part))) return null;
  const [min, max] = parts.map(Number) as [number, number];
  return min <= max ? { min, max } : null;
}
