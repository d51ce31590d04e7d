import {
  type DomainSearchAnswer,
  type DomainSearchQuery,
  domainSearchAnswerSchema,
} from '@mailhound/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';
import { useSession } from '../../../shared/session/use-session.ts';

// What the screen asks: a domain or a company name, the filters and the page.
export type DomainSearchRequest = Omit<DomainSearchQuery, 'page'> & { page: number };

function queryOf(request: DomainSearchRequest): Record<string, string> {
  const entries = Object.entries(request).filter(
    ([, value]) => value !== undefined && value !== '',
  );
  return Object.fromEntries(entries.map(([key, value]) => [key, String(value)]));
}

export function searchDomain(request: DomainSearchRequest): Promise<DomainSearchAnswer> {
  return apiClient.get('/domain-search', {
    query: queryOf(request),
    schema: domainSearchAnswerSchema,
  });
}

export const domainSearchKey = ['domain-search'] as const;

// Keyed by the token: which addresses show in full depends on who paid for them.
export function useDomainSearch(request: DomainSearchRequest | null) {
  const { token } = useSession();
  return useQuery({
    queryKey: [...domainSearchKey, token, request === null ? null : queryOf(request)],
    queryFn: () => searchDomain(request as DomainSearchRequest),
    enabled: request !== null && token !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
