import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { contactListsKey } from './get-contact-lists.ts';

// A 409 means an active campaign uses the list and nothing was deleted.
export function deleteContactList(id: string): Promise<unknown> {
  return mailClient.delete(`/groups/${encodeURIComponent(id)}`);
}

export function useDeleteContactList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContactList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactListsKey }),
  });
}
