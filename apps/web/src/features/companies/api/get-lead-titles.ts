import { type DecisionMaker, decisionMakersAnswerSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { companyClient } from '../../../shared/api/clients.ts';
import { companyPath } from './get-company.ts';

// The company's key decision makers, contacts masked by the server.
export function getLeadTitles(name: string): Promise<DecisionMaker[]> {
  return companyClient.get(`${companyPath(name)}/leadTitles`, {
    schema: decisionMakersAnswerSchema,
  });
}

export const leadTitlesQueryOptions = (name: string) =>
  queryOptions({
    queryKey: ['company', name, 'leadTitles'],
    queryFn: () => getLeadTitles(name),
    staleTime: 300_000,
  });

export function useLeadTitles(name: string) {
  return useQuery(leadTitlesQueryOptions(name));
}
