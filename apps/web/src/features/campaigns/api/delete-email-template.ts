import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { emailTemplatesKey } from './get-email-templates.ts';

export function deleteEmailTemplate(id: string): Promise<unknown> {
  return mailClient.delete(`/email/templates/${encodeURIComponent(id)}`);
}

export function useDeleteEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmailTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailTemplatesKey }),
  });
}
