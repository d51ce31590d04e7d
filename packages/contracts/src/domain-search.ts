import { z } from 'zod';
import {
  companySearchAnswerSchema,
  departmentIds,
  leadItemSchema,
  seniorityIds,
} from './companies.ts';
import { isDomainLike } from './search.ts';
import { verdictSchema } from './verdict.ts';

// Domain Search (issue 22): a domain or a company name in; the organisation, the domain's
// mail facts, the address pattern we know for it and the people of our company database
// there, each with the address that pattern gives (masked until this user paid for it).

export const DOMAIN_SEARCH_PAGE_SIZE = 10;
export const DOMAIN_SEARCH_INPUT_MAX = 255;

export const domainSearchMessages = {
  domainOrCompany: 'Enter a domain or a company name',
  notBoth: 'Enter either a domain or a company name, not both',
  invalidDomain: 'Invalid domain',
} as const;

// An address of a person ('jane.doe@') or of a role or team ('info@', 'sales@').
export const addressTypes = ['personal', 'generic'] as const;
export type AddressType = (typeof addressTypes)[number];

const inputSchema = z
  .string()
  .trim()
  .max(DOMAIN_SEARCH_INPUT_MAX, `At most ${DOMAIN_SEARCH_INPUT_MAX} characters`);

export const domainSearchQuerySchema = z
  .object({
    domain: inputSchema
      .refine((value) => value === '' || isDomainLike(value), domainSearchMessages.invalidDomain)
      .optional(),
    company: inputSchema.optional(),
    department: z.enum(departmentIds).optional(),
    seniority: z.enum(seniorityIds).optional(),
    type: z.enum(addressTypes).optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .strict()
  .check((ctx) => {
    const domain = ctx.value.domain ?? '';
    const company = ctx.value.company ?? '';
    if (domain === '' && company === '') {
      ctx.issues.push({
        code: 'custom',
        message: domainSearchMessages.domainOrCompany,
        input: ctx.value,
      });
    } else if (domain !== '' && company !== '') {
      ctx.issues.push({ code: 'custom', message: domainSearchMessages.notBoth, input: ctx.value });
    }
  });
export type DomainSearchQuery = z.infer<typeof domainSearchQuerySchema>;

export const domainOrganisationSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  industry: z.string().nullable(),
  country: z.string().nullable(),
  employees: z.number().int().nullable(),
});
export type DomainOrganisation = z.infer<typeof domainOrganisationSchema>;

export const domainMailFactsSchema = z.object({
  // MX hosts in priority order (the domain itself for an implicit MX); empty when none.
  mxHosts: z.array(z.string()),
  // Why the domain has no mail route ('No MX records associated with domain found'), or null.
  mxError: z.string().nullable(),
  // From the latest search or verification at the domain; null when none told yet.
  acceptAll: z.boolean().nullable(),
  webmail: z.boolean(),
  disposable: z.boolean(),
});
export type DomainMailFacts = z.infer<typeof domainMailFactsSchema>;

export const domainPatternSchema = z.object({
  // A finder pattern id: 'first.last', 'flast', …
  pattern: z.string(),
  // Verified addresses at the domain that follow it, and those that follow another or none.
  verified: z.number().int().nonnegative(),
  against: z.number().int().nonnegative(),
});
export type DomainPattern = z.infer<typeof domainPatternSchema>;

export const domainPersonSchema = leadItemSchema
  .pick({ id: true, fname: true, lname: true, jobTitle: true, department: true, seniority: true })
  .extend({
    type: z.enum(addressTypes),
    // The address the pattern gives: in full when this user paid for it, masked
    // ('j•••@acme.test') otherwise; null without a pattern or a name.
    email: z.string().nullable(),
    masked: z.boolean(),
    // The verdict of the latest single search that found the address; null while it is masked
    // or when only a bulk result paid for it.
    verdict: verdictSchema.nullable(),
  });
export type DomainPerson = z.infer<typeof domainPersonSchema>;

export const domainSearchAnswerSchema = z.object({
  domain: z.string(),
  organisation: domainOrganisationSchema.nullable(),
  mail: domainMailFactsSchema,
  pattern: domainPatternSchema.nullable(),
  // The Lead Finder's paging: 10 a page.
  people: companySearchAnswerSchema.extend({ items: z.array(domainPersonSchema) }),
});
export type DomainSearchAnswer = z.infer<typeof domainSearchAnswerSchema>;

// 'first.last, 37 verified addresses, 0 against'
export function patternEvidenceText(pattern: DomainPattern): string {
  const addresses = pattern.verified === 1 ? 'address' : 'addresses';
  return `${pattern.pattern}, ${pattern.verified} verified ${addresses}, ${pattern.against} against`;
}
