import type { DomainPerson } from '@mailhound/contracts';
import { type DomainSearchDeps, searchDomainWindow } from '../domain-search/index.ts';
import type { DomainSearchV2Answer, V2DomainSearchQuery } from './hunter-schemas.ts';
import {
  departmentsOf,
  hunterDepartmentOf,
  hunterSeniorityOf,
  senioritiesOf,
} from './hunter-vocabulary.ts';

// A finder pattern id in Hunter's notation: 'first.last' → '{first}.{last}', 'flast' →
// '{f}{last}'. An id that is not made of those parts is given as it is.
export function hunterPattern(pattern: string): string {
  const parts = pattern.match(/first|last|f|l|[._-]/g) ?? [];
  if (parts.join('') !== pattern) return pattern;
  return parts.map((part) => (/^[._-]$/.test(part) ? part : `{${part}}`)).join('');
}

function hunterEmail(person: DomainPerson): DomainSearchV2Answer['data']['emails'][number] {
  // The web masks an address until this user found it; here it is null until then.
  const found = person.email !== null && !person.masked;
  return {
    value: found ? person.email : null,
    type: person.type,
    confidence: found ? (person.verdict?.score ?? null) : null,
    sources: [],
    first_name: person.fname,
    last_name: person.lname,
    position: person.jobTitle,
    seniority: person.seniority ? hunterSeniorityOf(person.seniority) : null,
    department: person.department ? hunterDepartmentOf(person.department) : null,
    linkedin: null,
    twitter: null,
    phone_number: null,
    verification: { date: null, status: found ? (person.verdict?.status ?? null) : null },
  };
}

// Hunter's Domain Search on ours (free, as in the web): Hunter's limit and offset are the
// window of people, one query however large.
export async function searchDomainForApi(
  deps: DomainSearchDeps,
  userId: string,
  query: V2DomainSearchQuery,
): Promise<DomainSearchV2Answer> {
  const found = await searchDomainWindow(
    deps,
    userId,
    {
      domain: query.domain || undefined,
      company: query.domain ? undefined : query.company || undefined,
      departments: query.department ? departmentsOf(query.department) : undefined,
      seniorities: query.seniority ? senioritiesOf(query.seniority) : undefined,
      type: query.type,
    },
    { offset: query.offset, limit: query.limit },
  );
  const { organisation, mail, pattern } = found;
  return {
    data: {
      domain: found.domain,
      disposable: mail.disposable,
      webmail: mail.webmail,
      accept_all: mail.acceptAll,
      pattern: pattern ? hunterPattern(pattern.pattern) : null,
      organization: organisation?.name ?? null,
      description: null,
      industry: organisation?.industry ?? null,
      twitter: null,
      facebook: null,
      linkedin: null,
      instagram: null,
      youtube: null,
      technologies: [],
      country: organisation?.country ?? null,
      state: null,
      city: null,
      postal_code: null,
      street: null,
      headcount: null,
      company_type: null,
      emails: found.people.items.map(hunterEmail),
      linked_domains: [],
    },
    meta: {
      results: found.people.totalItems,
      limit: query.limit,
      offset: query.offset,
      params: {
        domain: query.domain || null,
        company: query.company || null,
        type: query.type ?? null,
        seniority: query.seniority ?? null,
        department: query.department ?? null,
      },
    },
  };
}
