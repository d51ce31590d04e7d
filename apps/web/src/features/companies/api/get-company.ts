import { type CompanyAnswer, companyAnswerSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { companyClient } from '../../../shared/api/clients.ts';

// {name} is the company's slug or its domain: both resolve (company-info API).
export function companyPath(name: string): string {
  return `/companies/${encodeURIComponent(name)}`;
}

export function getCompany(name: string): Promise<CompanyAnswer> {
  return companyClient.get(companyPath(name), { schema: companyAnswerSchema });
}

export const companyQueryOptions = (name: string) =>
  queryOptions({
    queryKey: ['company', name],
    queryFn: () => getCompany(name),
    staleTime: 300_000,
  });

export function useCompany(name: string) {
  return useQuery(companyQueryOptions(name));
}
