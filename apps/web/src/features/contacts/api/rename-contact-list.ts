import { type ContactList, contactListSchema } from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { contactListsKey } from './get-contact-lists.ts';

export function renameContactList(id: string, name: string): Promise<ContactList> {
  return mailClient.patch(`/groups/${encodeURIComponent(id)}`, {
    body: { name },
    schema: contactListSchema,
  });
}

export function useRenameContactList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => renameContactList(id, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactListsKey }),
  });
}
