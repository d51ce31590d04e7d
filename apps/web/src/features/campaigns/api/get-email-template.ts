import { type EmailTemplate, emailTemplateSchema } from '@mailhound/contracts';
import { mailClient } from '../../../shared/api/clients.ts';

export function getEmailTemplate(id: string): Promise<EmailTemplate> {
  return mailClient.get(`/email/templates/${encodeURIComponent(id)}`, {
    schema: emailTemplateSchema,
  });
}
