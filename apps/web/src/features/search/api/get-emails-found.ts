import { emailsFoundAnswerSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';

export function getEmailsFound() {
  return apiClient.get('/person/emails-found', { schema: emailsFoundAnswerSchema });
}

export const emailsFoundQueryOptions = () =>
  queryOptions({ queryKey: ['person', 'emails-found'], queryFn: getEmailsFound });

export function useEmailsFound() {
  return useQuery(emailsFoundQueryOptions());
}
