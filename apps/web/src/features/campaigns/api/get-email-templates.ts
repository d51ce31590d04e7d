import { type EmailTemplate, emailTemplateSchema } from '@mailhound/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { mailClient } from '../../../shared/api/clients.ts';

export const emailTemplatesKey = ['mail', 'email-templates'] as const;

export function getEmailTemplates(): Promise<EmailTemplate[]> {
  return mailClient.get('/email/templates/list', { schema: z.array(emailTemplateSchema) });
}

export const emailTemplatesQueryOptions = () =>
  queryOptions({ queryKey: [...emailTemplatesKey, 'list'], queryFn: getEmailTemplates });

export function useEmailTemplates(enabled: boolean) {
  return useQuery({ ...emailTemplatesQueryOptions(), enabled });
}
