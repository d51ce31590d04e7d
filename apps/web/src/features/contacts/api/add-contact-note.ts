import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailClient } from '../../../shared/api/clients.ts';
import { type Customer, customerSchema } from '../contact-schemas.ts';
import { contactKey } from './get-contact.ts';

export function addContactNote(id: string, text: string): Promise<Customer> {
  return mailClient.post(`/customers/${encodeURIComponent(id)}/notes`, {
    body: { text },
    schema: customerSchema,
  });
}

export function useAddContactNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => addContactNote(id, text),
    onSuccess: (customer) => queryClient.setQueryData(contactKey(String(customer.id)), customer),
  });
}
