import { type FindEmailsAnswer, findEmailsAnswerSchema } from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../shared/api/clients.ts';
import { balanceKey } from '../../../shared/session/api/get-balance.ts';

// The finder looks up each selected lead; a verified address (95 or more) costs a credit.
export function findEmails(leadIds: string[]): Promise<FindEmailsAnswer> {
  return apiClient.post('/leads/find-emails', {
    body: { leadIds },
    schema: findEmailsAnswerSchema,
  });
}

export function useFindEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: findEmails,
    onSettled: () => queryClient.invalidateQueries({ queryKey: balanceKey }),
  });
}
