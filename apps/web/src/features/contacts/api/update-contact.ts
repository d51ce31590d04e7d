import { type CustomerAnswer, customerAnswerSchema } from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { contactListsKey } from './get-contact-lists.ts';

export type ContactUpdate = {
  email: string;
  fname: string;
  lname: string;
  additional_fields: Record<string, string>;
};

export function updateContact(id: string, update: ContactUpdate): Promise<CustomerAnswer> {
  return mailClient.patch(`/customers/${encodeURIComponent(id)}`, {
    body: update,
    schema: customerAnswerSchema,
  });
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: string; update: ContactUpdate }) =>
      updateContact(id, update),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactListsKey }),
  });
}
