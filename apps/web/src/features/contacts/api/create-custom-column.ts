import { additionalFieldSchema } from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { contactListsKey } from './get-contact-lists.ts';
import { customColumnsKey } from './get-custom-columns.ts';

// A custom column is an additional field (name ≤ 20, product-spec §5).
export function createCustomColumn(name: string) {
  return mailClient.post('/additional-fields', { body: { name }, schema: additionalFieldSchema });
}

export function useCreateCustomColumn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomColumn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contactListsKey }),
        queryClient.invalidateQueries({ queryKey: customColumnsKey }),
      ]),
  });
}
