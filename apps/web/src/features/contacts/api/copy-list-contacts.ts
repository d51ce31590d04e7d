import { contactCopyAnswerSchema } from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { contactListsKey } from './get-contact-lists.ts';

// Adds the contacts to another list, keeping them on this one; `copied` counts only those
// that were not on the target list yet.
export function copyListContacts(customerIds: string[], groupId: string) {
  return mailClient.post('/customers/copy', {
    body: { customer_ids: customerIds, group_id: groupId },
    schema: contactCopyAnswerSchema,
  });
}

export function useCopyListContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ customerIds, groupId }: { customerIds: string[]; groupId: string }) =>
      copyListContacts(customerIds, groupId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactListsKey }),
  });
}
