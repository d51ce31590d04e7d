import { type CustomerAnswer, customerAnswerSchema } from '@mailhound/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { contactKey } from './get-contact.ts';

export function addContactNote(id: string, text: string): Promise<CustomerAnswer> {
  return mailClient.post(`/customers/${encodeURIComponent(id)}/notes`, {
    body: { text },
    schema: customerAnswerSchema,
  });
}

export function useAddContactNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => addContactNote(id, text),
    onSuccess: (customer) => queryClient.setQueryData(contactKey(String(customer.id)), customer),
  });
}
