import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { suppressionsKey } from './get-suppressions.ts';

export function deleteSuppression(id: string): Promise<unknown> {
  return mailClient.delete(`/suppression/${encodeURIComponent(id)}`);
}

export function useDeleteSuppression() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSuppression,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppressionsKey }),
  });
}
