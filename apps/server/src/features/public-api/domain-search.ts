import { DOMAIN_SEARCH_PAGE_SIZE, type DomainSearchAnswer } from '@mailhound/contracts';
import { type DomainSearchDeps, searchDomainPeople } from '../domain-search/index.ts';
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

type Person = DomainSearchAnswer['people']['items'][number];

function hunterEmail(person: Person): DomainSearchV2Answer['data']['emails'][number] {
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

// Hunter's Domain Search on ours (free, as in the web): Hunter's limit and offset are read
// as the pages of 10 our Domain Search answers.
export async function searchDomainForApi(
  deps: DomainSearchDeps,
  userId: string,
  query: V2DomainSearchQuery,
): Promise<DomainSearchV2Answer> {
  const firstPage = Math.floor(query.offset / DOMAIN_SEARCH_PAGE_SIZE) + 1;
  const lastPage = Math.floor((query.offset + query.limit - 1) / DOMAIN_SEARCH_PAGE_SIZE) + 1;
  const base = {
    domain: query.domain || undefined,
    company: query.domain ? undefined : query.company || undefined,
    departments: query.department ? departmentsOf(query.department) : undefined,
    seniorities: query.seniority ? senioritiesOf(query.seniority) : undefined,
    type: query.type,
  };
  const first = await searchDomainPeople(deps, userId, { ...base, page: firstPage });
  const pages = [first];
  const reachable = Math.min(lastPage, first.people.totalPages);
  for (let page = firstPage + 1; page <= reachable; page += 1) {
    pages.push(await searchDomainPeople(deps, userId, { ...base, page }));
  }
  const skip = query.offset - (firstPage - 1) * DOMAIN_SEARCH_PAGE_SIZE;
  const people = pages.flatMap((page) => page.people.items).slice(skip, skip + query.limit);
  const { organisation, mail, pattern } = first;
  return {
    data: {
      domain: first.domain,
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
      emails: people.map(hunterEmail),
      linked_domains: [],
    },
    meta: {
      results: first.people.totalItems,
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
