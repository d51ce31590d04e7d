import { z } from 'zod';
import { validationMessages as m } from './messages.ts';
import { isDomainLike } from './search.ts';

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

// product-spec §3 Filter search object: years, exclude (locations) and the other filters.
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
});
export type CompanyAnswer = z.infer<typeof companyAnswerSchema>;

export const employeeStatsAnswerSchema = z.record(z.string(), z.number().int().nonnegative());
export const decisionMakersAnswerSchema = z.array(z.object({ jobTitle: z.string() }));
export const similarCompaniesAnswerSchema = z.array(z.object({ companyName: z.string() }));

export type RevenueRange = { min: number; max: number };

// "1000000,5000000" → { min: 1000000, max: 5000000 }; anything else has no range to show.
export function parseRevenueRange(revenue: string | null): RevenueRange | null {
  const parts = revenue?.split(',').map((part) => part.trim()) ?? [];
  if (parts.length !== 2 || parts.some((part) => !/^\d+$/.test(part))) return null;
  const [min, max] = parts.map(Number) as [number, number];
  return min <= max ? { min, max } : null;
}
