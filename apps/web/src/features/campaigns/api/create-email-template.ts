import { type EmailTemplate, emailTemplateSchema } from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { emailTemplatesKey } from './get-email-templates.ts';

export type EmailTemplateDraft = { name: string; subject: string; body: string };

export function createEmailTemplate(draft: EmailTemplateDraft): Promise<EmailTemplate> {
  return mailClient.post('/email/templates', { body: draft, schema: emailTemplateSchema });
}

export function useCreateEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmailTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailTemplatesKey }),
  });
}
