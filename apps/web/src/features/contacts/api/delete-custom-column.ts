import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { contactsKey } from './get-contact.ts';
import { contactListsKey } from './get-contact-lists.ts';
import { customColumnsKey } from './get-custom-columns.ts';

// The server deletes the column and, by cascade, its value on every contact.
export function deleteCustomColumn(id: string): Promise<unknown> {
  return mailClient.delete(`/additional-fields/${encodeURIComponent(String(id))}`);
}

export function useDeleteCustomColumn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomColumn,
    // A 404 (deleted meanwhile, e.g. in another tab) leaves stale columns too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contactListsKey }),
        queryClient.invalidateQueries({ queryKey: customColumnsKey }),
        queryClient.invalidateQueries({ queryKey: contactsKey }),
      ]),
  });
}
