import { type SuppressionAddAnswer, suppressionAddAnswerSchema } from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { suppressionsKey } from './get-suppressions.ts';

export function addSuppressions(entries: string[]): Promise<SuppressionAddAnswer> {
  return mailClient.post('/suppression', { body: { entries }, schema: suppressionAddAnswerSchema });
}

export function useAddSuppressions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSuppressions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppressionsKey }),
  });
}
