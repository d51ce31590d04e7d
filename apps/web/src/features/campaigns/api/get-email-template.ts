import { mailClient } from '../../../shared/api/clients.ts';
import { type EmailTemplate, emailTemplateSchema } from '../campaign-schemas.ts';

export function getEmailTemplate(id: string): Promise<EmailTemplate> {
  return mailClient.get(`/email/templates/${encodeURIComponent(id)}`, {
    schema: emailTemplateSchema,
  });
}
