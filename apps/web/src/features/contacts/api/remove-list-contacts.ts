import { contactListSchema } from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { contactListsKey } from './get-contact-lists.ts';

export function removeListContacts(groupId: string, customerIds: string[]) {
  return mailClient.patch(`/groups/${encodeURIComponent(groupId)}/del-users`, {
    body: { customer_ids: customerIds },
    schema: contactListSchema,
  });
}

export function useRemoveListContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, customerIds }: { groupId: string; customerIds: string[] }) =>
      removeListContacts(groupId, customerIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactListsKey }),
  });
}
