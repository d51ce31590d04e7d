import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { listGroupSchema, type MailId } from '../contact-schemas.ts';
import { contactListsKey } from './get-contact-lists.ts';

export function removeListContacts(groupId: string, customerIds: MailId[]) {
  return mailClient.patch(`/groups/${encodeURIComponent(groupId)}/del-users`, {
    body: { customer_ids: customerIds },
    schema: listGroupSchema,
  });
}

export function useRemoveListContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, customerIds }: { groupId: string; customerIds: MailId[] }) =>
      removeListContacts(groupId, customerIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactListsKey }),
  });
}
