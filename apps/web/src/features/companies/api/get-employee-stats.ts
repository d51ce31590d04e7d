import { employeeStatsAnswerSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { companyClient } from '../../../shared/api/clients.ts';
import { companyPath } from './get-company.ts';

export type EmployeeStats = Record<string, number>;

export function getEmployeeStats(name: string): Promise<EmployeeStats> {
  return companyClient.get(`${companyPath(name)}/employeesStats`, {
    schema: employeeStatsAnswerSchema,
  });
}

export const employeeStatsQueryOptions = (name: string) =>
  queryOptions({
    queryKey: ['company', name, 'employeesStats'],
    queryFn: () => getEmployeeStats(name),
    staleTime: 300_000,
  });

export function useEmployeeStats(name: string) {
  return useQuery(employeeStatsQueryOptions(name));
}
