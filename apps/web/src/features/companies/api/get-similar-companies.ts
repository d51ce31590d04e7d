import { type SimilarCompany, similarCompaniesAnswerSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { companyClient } from '../../../shared/api/clients.ts';
import { companyPath } from './get-company.ts';

export function getSimilarCompanies(name: string): Promise<SimilarCompany[]> {
  return companyClient.get(`${companyPath(name)}/similarCompanies`, {
    schema: similarCompaniesAnswerSchema,
  });
}

export const similarCompaniesQueryOptions = (name: string) =>
  queryOptions({
    queryKey: ['company', name, 'similarCompanies'],
    queryFn: () => getSimilarCompanies(name),
    staleTime: 300_000,
  });

export function useSimilarCompanies(name: string) {
  return useQuery(similarCompaniesQueryOptions(name));
}
